package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/action"
	"github.com/prbmc/prbmc/report/results"
)

// cmdPublish posts a results file to GitHub as the Action's publish stage
// does, checking nothing.
func cmdPublish(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("publish", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("results", "", "the results file to publish (from prbmc check --results or prbmc merge); required")
	expect := fs.String("expect-sha", "", "the commit the results must be of (default: the event's head commit)")
	pr := fs.Int("pr", 0, "the pull request to publish to when the event names none (a workflow_run of a fork's pull request); GitHub must confirm its head is the results' commit")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "prbmc publish: unexpected argument %q (the inputs and the event come from the environment)\n", fs.Arg(0))
		return exitUsage
	}
	if *file == "" {
		fmt.Fprintln(stderr, "prbmc publish: --results FILE is required")
		return exitUsage
	}
	env := action.OSEnv(toolVersion())
	env.Stdout = stdout
	return action.Publish(ctx, env, action.PublishOptions{Results: *file, ExpectSHA: *expect, PR: *pr})
}

// cmdMerge joins the results files of shards into one.
func cmdMerge(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "the merged results file (default: standard output)")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "prbmc merge: usage: prbmc merge [-o OUT] RESULTS.json...")
		return exitUsage
	}
	var files []*results.File
	for _, name := range fs.Args() {
		f, err := readResultsFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "prbmc merge: %v\n", err)
			return exitUsage
		}
		files = append(files, f)
	}
	merged, err := results.Merge(files)
	if err != nil {
		fmt.Fprintf(stderr, "prbmc merge: %v\n", err)
		return exitUsage
	}
	write := func(w io.Writer) error { return results.Encode(w, merged) }
	if *out == "" || *out == "-" {
		err = write(stdout)
	} else {
		err = writeFile(*out, write)
	}
	if err != nil {
		fmt.Fprintf(stderr, "prbmc merge: %v\n", err)
		return exitUsage
	}
	return 0
}

// readResultsFile decodes the results file name.
func readResultsFile(name string) (*results.File, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	f, err := results.Decode(fh)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return f, nil
}
