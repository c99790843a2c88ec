package main

import (
	"context"
	"os"
	"testing"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/pipeline"
)

// TestMain lets the test binary stand in for prbmc as the checker's child
// process: `check` and `action` re-execute os.Executable(), which in a
// test is this binary.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == pipeline.ChildSubcommand {
		os.Exit(pipeline.ChildMain(context.Background(), os.Stdin, os.Stdout, os.Stderr, childDeps()))
	}
	os.Exit(m.Run())
}
