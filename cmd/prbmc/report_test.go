package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/report/sarif/sariftest"
	"github.com/prbmc/prbmc/report/witness/witnesstest"
)

const (
	ringbuf      = "../../testdata/examples/ringbuf.c"
	ringbufFixed = "../../testdata/examples/ringbuf_fixed.c"
)

// sarifLog is the part of a SARIF log these tests read.
type sarifLog struct {
	Runs []struct {
		Tool    struct{ Driver struct{ Name string } }
		Results []struct {
			RuleID, Kind string
			Locations    []struct {
				PhysicalLocation struct {
					ArtifactLocation struct{ URI, URIBaseID string }
					Region           struct{ StartLine int }
				}
			}
			CodeFlows []any
		}
	}
}

func decodeSARIF(t *testing.T, b []byte) sarifLog {
	t.Helper()
	sariftest.Validate(t, b)
	var l sarifLog
	if err := json.Unmarshal(b, &l); err != nil {
		t.Fatal(err)
	}
	return l
}

func TestFormatSARIF(t *testing.T) {
	out, stderr, code := runCmd(t, "verify", "--format", "sarif", ringbuf)
	if code != exitUnsafe {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if strings.Contains(out, "RESULT:") || !strings.HasPrefix(lastLine(stderr), "RESULT: FALSE (unsafe: ") {
		t.Fatalf("RESULT line: stdout has it %v, stderr ends %q", strings.Contains(out, "RESULT:"), lastLine(stderr))
	}
	l := decodeSARIF(t, []byte(out))
	res := l.Runs[0].Results[0]
	loc := res.Locations[0].PhysicalLocation
	if l.Runs[0].Tool.Driver.Name != "prbmc" || res.RuleID != "assertion" || res.Kind != "fail" || len(res.CodeFlows) != 1 ||
		loc.ArtifactLocation.URI != "testdata/examples/ringbuf.c" || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || loc.Region.StartLine != 24 {
		t.Errorf("result %+v", res)
	}
	out, _, code = runCmd(t, "verify", "--format", "sarif", ringbufFixed)
	if code != exitSafe {
		t.Fatalf("fixed: exit %d", code)
	}
	for _, r := range decodeSARIF(t, []byte(out)).Runs[0].Results {
		if r.Kind != "pass" {
			t.Errorf("fixed: kind %s", r.Kind)
		}
	}
}

func TestFormatMarkdown(t *testing.T) {
	out, stderr, code := runCmd(t, "verify", "--format", "markdown", ringbuf)
	if code != exitUnsafe || strings.Contains(out, "RESULT:") || !strings.HasPrefix(lastLine(stderr), "RESULT: FALSE") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"### prbmc: 1 of 1 function can fail", "| ❌ can fail |", "<details><summary>Trace (43 steps)</summary>",
		"1. `uninitialised c` = `0`", "prbmc verify --reproduce ../../testdata/examples/ringbuf.c"} {
		if !strings.Contains(out, want) {
			t.Errorf("markdown lacks %q:\n%s", want, out)
		}
	}
}

func TestReportFiles(t *testing.T) {
	dir := t.TempDir()
	sf, mf, wf := filepath.Join(dir, "out.sarif"), filepath.Join(dir, "out.md"), filepath.Join(dir, "w.graphml")
	// A longer file there already: it must be replaced, not overwritten in place.
	os.WriteFile(sf, bytes.Repeat([]byte("x"), 1<<20), 0o644)
	out, stderr, code := runCmd(t, "verify", "--sarif", sf, "--markdown", mf, "--witness", wf, ringbuf)
	if code != exitUnsafe || !strings.HasPrefix(lastLine(out), "RESULT: FALSE") {
		t.Fatalf("exit %d, last line %q\n%s", code, lastLine(out), stderr)
	}
	b, _ := os.ReadFile(sf)
	decodeSARIF(t, b)
	md, _ := os.ReadFile(mf)
	if !strings.Contains(string(md), "**What can fail:** assertion `r->count <= CAP` in `rb_push`") {
		t.Errorf("markdown file:\n%s", md)
	}
	w, _ := os.ReadFile(wf)
	checkWitness(t, w, "violation_witness")
	if !strings.Contains(string(w), `<data key="violation">true</data>`) || !strings.Contains(string(w), `\result == 1;`) {
		t.Errorf("witness:\n%s", w)
	}

	// Safe: a correctness witness; --data-model ILP32 makes it 32bit.
	out, _, code = runCmd(t, "verify", "--witness", wf, "--data-model", "ILP32", ringbufFixed)
	if code != exitSafe {
		t.Fatalf("fixed: exit %d\n%s", code, out)
	}
	w, _ = os.ReadFile(wf)
	checkWitness(t, w, "correctness_witness")
	if !strings.Contains(string(w), `<data key="architecture">32bit</data>`) {
		t.Errorf("witness architecture:\n%s", w)
	}

	// An unwritable file is a usage error, on one line.
	_, stderr, code = runCmd(t, "verify", "--sarif", filepath.Join(dir, "no/such/dir/x.sarif"), ringbufFixed)
	if code != exitUsage || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("unwritable --sarif: exit %d, %q", code, stderr)
	}
}

func checkWitness(t *testing.T, b []byte, kind string) {
	t.Helper()
	witnesstest.WellFormed(t, b)
	if !strings.Contains(string(b), `<data key="witness-type">`+kind+`</data>`) {
		t.Errorf("not a %s", kind)
	}
}

func TestReproduce(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	t.Setenv("TMPDIR", t.TempDir())
	out, stderr, code := runCmd(t, "verify", "--reproduce", ringbuf)
	if code != exitUnsafe || !strings.HasPrefix(lastLine(out), "RESULT: FALSE") {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	if !strings.Contains(out, "reproduced: assertion failed with exit status 134\n") ||
		!strings.Contains(out, "Assertion `r->count <= CAP' failed.") {
		t.Errorf("stdout:\n%s", out)
	}
	// JSON stays parseable: the reproducer's lines go to stderr.
	out, stderr, _ = runCmd(t, "verify", "--reproduce", "--format", "json", ringbuf)
	body, _, _ := strings.Cut(out, "RESULT:")
	if !json.Valid([]byte(body)) || !strings.Contains(stderr, "reproduced: assertion failed with exit status 134") {
		t.Errorf("json: valid %v, stderr %q", json.Valid([]byte(body)), stderr)
	}
	// ILP32 reproducers need gcc-multilib and a kernel that runs 32-bit
	// programs (some VMs' kernels do not).
	m32 := filepath.Join(t.TempDir(), "m32")
	if exec.Command("sh", "-c", "echo 'int main(void){return 0;}' | gcc -m32 -x c -o "+m32+" - && "+m32).Run() == nil {
		out, _, _ = runCmd(t, "verify", "--data-model", "ILP32", "--reproduce", "../../testdata/report/ilp32_long.c")
		if !strings.Contains(out, "reproduced: assertion failed with exit status 134") {
			t.Errorf("ILP32:\n%s", out)
		}
	}
	// A long double input goes to the native run as its 10 bytes.
	out, _, _ = runCmd(t, "verify", "--reproduce", "../../testdata/verify/long_double_bug.c")
	if !strings.Contains(out, "reproduced: assertion failed with exit status 134") {
		t.Errorf("long double:\n%s", out)
	}
	out, _, code = runCmd(t, "verify", "--reproduce", ringbufFixed)
	if code != exitSafe || !strings.Contains(out, "reproduce: nothing to reproduce (the verdict is safe)") {
		t.Errorf("safe: exit %d\n%s", code, out)
	}
}

func TestFormatUsage(t *testing.T) {
	_, stderr, code := runCmd(t, "verify", "--format", "html", ringbuf)
	if code != exitUsage || !strings.Contains(stderr, "want text, json, sarif or markdown") {
		t.Errorf("exit %d, %q", code, stderr)
	}
}
