package checks_test

import (
	"flag"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/checks"
	"github.com/prbmc/prbmc/verifier/ir"
)

var update = flag.Bool("update", false, "rewrite testdata/checks/golden/*.ir from the current pass")

// TestGolden instruments each testdata/checks/golden/*.c with every check
// and compares the printed IR with the .ir file beside it. `go test -run
// TestGolden -update` rewrites the wants; review the diff.
func TestGolden(t *testing.T) {
	cfronttest.GoldenIR(t, "../../testdata/checks/golden/*.c", 3, *update, func(p *ir.Program) (*ir.Program, error) {
		return checks.Instrument(p, checks.All)
	})
}
