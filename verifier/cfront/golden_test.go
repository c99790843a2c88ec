package cfront_test

import (
	"flag"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
)

var update = flag.Bool("update", false, "rewrite testdata/ir-golden/*.ir from the current lowering")

// TestGoldenIR lowers each testdata/ir-golden/*.c and compares the printed
// IR with the .ir file beside it. `go test -run TestGoldenIR -update`
// rewrites the wants; review the diff.
func TestGoldenIR(t *testing.T) {
	cfronttest.GoldenIR(t, "../../testdata/ir-golden/*.c", 8, *update, nil)
}
