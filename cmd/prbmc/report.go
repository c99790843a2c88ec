package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/markdown"
	"github.com/prbmc/prbmc/report/repro"
	"github.com/prbmc/prbmc/report/sarif"
	"github.com/prbmc/prbmc/report/witness"
	"github.com/prbmc/prbmc/verifier/result"
)

// reportFlags are prbmc verify's report outputs beyond --format.
type reportFlags struct {
	sarifFile    string
	markdownFile string
	witnessFile  string
	reproduce    bool
}

func (rf *reportFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&rf.sarifFile, "sarif", "", "also write the result as SARIF 2.1.0 to this file")
	fs.StringVar(&rf.markdownFile, "markdown", "", "also write the result as Markdown (summary and review comment) to this file")
	fs.StringVar(&rf.witnessFile, "witness", "", "write an SV-COMP GraphML witness: violation witness if unsafe, correctness witness if safe")
	fs.BoolVar(&rf.reproduce, "reproduce", false, "build the counterexample as a C program, compile it with cc and run it")
}

// knownFormat reports whether --format names an output.
func knownFormat(f string) bool {
	switch f {
	case "text", "json", "sarif", "markdown":
		return true
	}
	return false
}

// writeReports writes the side files, runs the reproducer, then prints
// the result on stdout in --format. Text and JSON end with the RESULT
// line; SARIF and Markdown keep stdout pure and put it on stderr.
func writeReports(ctx context.Context, stdout, stderr io.Writer, r *result.Result, vf verifyFlags, rf reportFlags, files []string) error {
	fr := report.FunctionResult{Name: vf.entry, Result: r}
	if rf.sarifFile != "" {
		if err := writeFile(rf.sarifFile, func(w io.Writer) error { return writeSARIF(w, fr, files) }); err != nil {
			return err
		}
	}
	if rf.markdownFile != "" {
		if err := writeFile(rf.markdownFile, func(w io.Writer) error {
			_, err := io.WriteString(w, markdownReport(fr, vf, files))
			return err
		}); err != nil {
			return err
		}
	}
	if rf.witnessFile != "" {
		if err := writeWitness(rf.witnessFile, r, vf, files, stderr); err != nil {
			return err
		}
	}
	if rf.reproduce {
		log := stderr
		if vf.format == "text" {
			log = stdout // before the report, which ends with RESULT
		}
		reproduce(ctx, log, r, vf, files)
	}
	switch vf.format {
	case "sarif":
		if err := writeSARIF(stdout, fr, files); err != nil {
			return err
		}
		writeResultLine(stderr, r)
	case "markdown":
		io.WriteString(stdout, markdownReport(fr, vf, files))
		writeResultLine(stderr, r)
	default:
		writeResult(stdout, r, vf.format)
	}
	return nil
}

// writeResultLine is the last line of the text report.
func writeResultLine(w io.Writer, r *result.Result) {
	detail := r.Reason
	if r.Verdict == result.Bounded {
		detail = fmt.Sprintf("bounded(%d): %s", r.K, r.Reason)
	}
	fmt.Fprintf(w, "RESULT: %s (%s: %s)\n", r.Verdict.SVComp(), r.Verdict, report.OneLine(detail))
}

// writeFile creates (or truncates) name and writes it with write.
func writeFile(name string, write func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	return f.Close()
}

func writeSARIF(w io.Writer, fr report.FunctionResult, files []string) error {
	wd, _ := os.Getwd()
	return sarif.Write(w, []sarif.Run{{Functions: []report.FunctionResult{fr}}}, sarif.Options{
		ToolVersion: toolVersion(), RepoRoot: repoRoot(wd, files), WorkDir: wd, Category: "prbmc/",
	})
}

// markdownReport is the summary, then the review comment of the failing
// property if there is one.
func markdownReport(fr report.FunctionResult, vf verifyFlags, files []string) string {
	s := markdown.Summary([]report.FunctionResult{fr}, markdown.SummaryOptions{})
	if v := fr.Result.Violated(); v != nil {
		s += "\n---\n\n" + markdown.ViolationComment(*v, markdown.CommentOptions{Entry: vf.entry, Files: files})
	}
	return s
}

func writeWitness(name string, r *result.Result, vf verifyFlags, files []string, stderr io.Writer) error {
	task := witness.Task{SourceFile: files[0], Architecture: witness.Architecture(vf.front.dataModel)}
	if v := r.Violated(); v != nil {
		if task.Specification = witness.SpecFor(v.Kind); task.Specification == "" {
			return fmt.Errorf("no SV-COMP specification covers a %s property: no witness written", v.Kind)
		}
	}
	if len(files) > 1 {
		fmt.Fprintf(stderr, "prbmc verify: the witness names only the first file, %s\n", files[0])
	}
	switch r.Verdict {
	case result.Unsafe:
		if r.Violated() == nil || r.Violated().Trace == nil {
			fmt.Fprintln(stderr, "prbmc verify: no witness written: the violation has no trace")
			return nil
		}
		return writeFile(name, func(w io.Writer) error { return witness.WriteViolation(w, *r, task) })
	case result.Safe:
		return writeFile(name, func(w io.Writer) error { return witness.WriteCorrectness(w, *r, task) })
	}
	fmt.Fprintf(stderr, "prbmc verify: no witness written: the verdict is %s\n", r.Verdict)
	return nil
}

// reproduce builds, compiles and runs the counterexample, and says on log
// whether the native run failed the check.
func reproduce(ctx context.Context, log io.Writer, r *result.Result, vf verifyFlags, files []string) {
	if r.Verdict != result.Unsafe {
		fmt.Fprintf(log, "reproduce: nothing to reproduce (the verdict is %s)\n", r.Verdict)
		return
	}
	src, err := repro.Generate(*r, report.Dir(""), repro.Options{Files: files})
	var cr *repro.CannotReproduce
	if errors.As(err, &cr) {
		fmt.Fprintf(log, "reproduce: %v\n", err)
		return
	}
	if err != nil {
		fmt.Fprintf(log, "reproduce: %v\n", err)
		return
	}
	dir, err := os.MkdirTemp("", "prbmc-repro-")
	if err != nil {
		fmt.Fprintf(log, "reproduce: %v\n", err)
		return
	}
	// The verification's deadline may have passed: the run has its own.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	out, err := repro.Check(ctx, src, repro.BuildOptions{Dir: dir, ILP32: vf.front.dataModel == "ILP32",
		Sanitize: r.Violated() != nil && repro.SanitizeFor(r.Violated().Kind)})
	fmt.Fprintf(log, "reproducer: %s\n", filepath.Join(dir, "repro.c"))
	if err != nil {
		fmt.Fprintf(log, "did not reproduce: %s\n", strings.TrimSpace(err.Error()))
		return
	}
	fmt.Fprintln(log, out)
	if d := out.Detail(); d != "" {
		fmt.Fprintf(log, "  %s\n", d)
	}
}

// toolVersion is prbmc's module version, "dev" in a checkout.
func toolVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

// repoRoot is the repository SARIF paths are relative to: the git
// checkout holding the working directory if the first file is in it, else
// the one holding the first file, else the working directory.
func repoRoot(wd string, files []string) string {
	first := wd
	if len(files) > 0 {
		if abs, err := filepath.Abs(files[0]); err == nil {
			first = filepath.Dir(abs)
		}
	}
	if root := gitRoot(wd); root != "" && within(first, root) {
		return root
	}
	if root := gitRoot(first); root != "" {
		return root
	}
	return wd
}

// gitRoot is the nearest directory at or above dir holding .git, or "".
func gitRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
