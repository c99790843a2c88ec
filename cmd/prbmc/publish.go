package main

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/prbmc/prbmc/report"
	"io"
	"os"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/action"
	"github.com/prbmc/prbmc/cmd/prbmc/internal/pipeline"
	"github.com/prbmc/prbmc/report/results"
)

// cmdPublish posts a results file to GitHub as the Action's publish stage
// does, checking nothing.
func cmdPublish(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("publish", stderr)
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
	fs := newFlagSet("merge", stderr)
	out := fs.String("o", "", "the merged results file (default: standard output)")
	planFile := fs.String("plan", "", "the plan the shards were checked by (prbmc plan): a shard without results makes its functions not checked")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "prbmc merge: usage: prbmc merge [-o OUT] RESULTS.json...")
		return exitUsage
	}
	var files []*results.File
	for _, name := range fs.Args() {
		f, err := results.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "prbmc merge: %v\n", err)
			return exitUsage
		}
		files = append(files, f)
	}
	var plan *results.Plan
	if *planFile != "" {
		fh, err := os.Open(*planFile)
		if err != nil {
			fmt.Fprintf(stderr, "prbmc merge: %v\n", err)
			return exitUsage
		}
		plan, err = results.DecodePlan(fh)
		fh.Close()
		if err != nil {
			fmt.Fprintf(stderr, "prbmc merge: %s: %v\n", *planFile, err)
			return exitUsage
		}
	}
	merged, err := results.MergePlanned(files, plan)
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

// parseShard reads --shard i/N ("" is none).
func parseShard(s string) (*results.Shard, error) {
	sh, err := results.ParseShard(s)
	if err != nil {
		return nil, fmt.Errorf("--shard %w", err)
	}
	return sh, nil
}

// maxShards bounds N (GitHub runs at most 256 jobs of a matrix).
const maxShards = results.MaxShards

// cmdPlan prints how prbmc check --shard would split the scope.
func cmdPlan(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("plan", stderr)
	var sf scopeFlags
	sf.register(fs)
	n := fs.Int("shards", 0, fmt.Sprintf("the number of shards, 1..%d (required)", maxShards))
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "prbmc plan: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if sf.base == "" || *n < 1 || *n > maxShards {
		fmt.Fprintf(stderr, "prbmc plan: usage: prbmc plan --base REV --shards N (1..%d)\n", maxShards)
		return exitUsage
	}
	scope, err := scopeOf(ctx, sf)
	if err != nil {
		fmt.Fprintf(stderr, "prbmc plan: %v\n", report.OneLine(err.Error()))
		return exitUsage
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(results.MakePlan(scope.Base, scope.Head, pipeline.Considered(scope), *n)); err != nil {
		fmt.Fprintf(stderr, "prbmc plan: %v\n", err)
		return exitUsage
	}
	return 0
}
