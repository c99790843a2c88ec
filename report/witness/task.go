package witness

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/prbmc/prbmc/report"
)

// Task is the verification task a witness belongs to.
type Task struct {
	// SourceFile is the program file as passed to prbmc (programfile).
	SourceFile string
	// SHA256 is the file's SHA-256 in hex; computed from the file (read
	// through Source) when empty.
	SHA256 string
	// Architecture is "32bit" (ILP32) or "64bit" (LP64, the default).
	Architecture string
	// Producer names the tool (default "prbmc").
	Producer string
	// Specification is the property (default SpecUnreachCall).
	Specification string
	// CreationTime is recorded in the witness (default now).
	CreationTime time.Time
	// Source reads SourceFile (default: the file system, relative to the
	// working directory).
	Source report.SourceReader
	// Invariants go into a correctness witness (see WriteCorrectness).
	Invariants []Invariant
}

// SpecUnreachCall is SV-COMP's reachability property.
const SpecUnreachCall = "CHECK( init(main()), LTL(G ! call(reach_error())) )"

// SpecFor is SV-COMP's specification for a violated property of kind
// ("" for the kinds the competition has none for, e.g. div-by-zero).
func SpecFor(kind string) string {
	switch kind {
	case "assertion", "reach-error", "":
		return SpecUnreachCall
	case "overflow":
		return "CHECK( init(main()), LTL(G ! overflow) )"
	case "pointer":
		return "CHECK( init(main()), LTL(G valid-deref) )"
	}
	return ""
}

// Architecture names the witness format uses for prbmc's data models.
func Architecture(dataModel string) string {
	if dataModel == "ILP32" {
		return "32bit"
	}
	return "64bit"
}

// complete fills in the defaults and the program's hash.
func (t Task) complete() (Task, error) {
	if t.SourceFile == "" {
		return t, fmt.Errorf("witness: no source file")
	}
	if t.Producer == "" {
		t.Producer = "prbmc"
	}
	if t.Specification == "" {
		t.Specification = SpecUnreachCall
	}
	if t.Architecture == "" {
		t.Architecture = "64bit"
	}
	if t.Architecture != "32bit" && t.Architecture != "64bit" {
		return t, fmt.Errorf("witness: architecture %q (want 32bit or 64bit)", t.Architecture)
	}
	if t.CreationTime.IsZero() {
		t.CreationTime = time.Now()
	}
	if t.Source == nil {
		t.Source = report.Dir("")
	}
	if t.SHA256 == "" {
		b, err := t.Source.ReadSource(t.SourceFile)
		if err != nil {
			return t, fmt.Errorf("witness: hashing the program: %w", err)
		}
		h := sha256.Sum256(b)
		t.SHA256 = hex.EncodeToString(h[:])
	}
	return t, nil
}
