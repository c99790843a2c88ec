package results

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/diffscope"
	"github.com/prbmc/prbmc/verifier/result"
)

const (
	headSHA = "1111111111111111111111111111111111111111"
	baseSHA = "2222222222222222222222222222222222222222"
)

// stored is a stored real result (prbmc verify --format json,
// testdata/report/NAME.json) with its file renamed to file.
func stored(t *testing.T, name, file string) *result.Result {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "report", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var r result.Result
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	r.Locations(func(l *result.Location) {
		if strings.HasPrefix(l.File, "testdata/") {
			l.File = file
		}
	})
	return &r
}

// sample is a results file of four functions: one unsafe (with a trace
// through <prbmc-libc>), one safe, one not checked, one removed; and an
// unreadable changed file.
func sample(t *testing.T) *File {
	f := &File{Version: "test", Options: Options{Checks: []string{"overflow", "assertions"}, Engine: "auto", MaxK: 20}, Base: baseSHA, Head: headSHA,
		Files: []string{"src/array.c", "src/blob.c", "src/ring.c"}, Elapsed: 3 * time.Second,
		NotRead: []diffscope.FileChange{{Path: "src/blob.c", Status: "modified", Skipped: "binary"}}}
	fns := []Function{
		{File: "src/array.c", Name: "main", Line: 5, Status: diffscope.StatusChanged, Result: stored(t, "array_bug", "src/array.c")},
		{File: "src/ring.c", Name: "rb_pop", Line: 28, Status: diffscope.StatusChanged, Result: stored(t, "ringbuf_fixed", "src/ring.c"),
			Assumed: []string{"r points to one object"}, Notes: []string{"harness from the base"}},
		{File: "src/ring.c", Name: "rb_push", Line: 17, Status: diffscope.StatusAdded, Result: stored(t, "ringbuf", "src/ring.c")},
		{File: "src/ring.c", Name: "rb_tail", Line: 40, Status: diffscope.StatusChanged, NotChecked: "the time budget (5m0s) ran out before it was checked", Skip: SkipBudget},
		{File: "src/ring.c", Name: "rb_reset", Line: 50, Status: diffscope.StatusRemoved, NotChecked: "removed by the change", Skip: SkipRemoved},
	}
	for i := range fns {
		fns[i].Verdict = fns[i].Words()
		if fns[i].Result != nil {
			fns[i].Elapsed = fns[i].Result.Elapsed
		}
	}
	SortFunctions(fns)
	f.Functions = fns
	f.Seal()
	return f
}

func encode(t *testing.T, f *File) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, f); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestRoundTrip(t *testing.T) {
	f := sample(t)
	data := encode(t, f)
	got, err := Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.FunctionResults(), f.FunctionResults()) {
		t.Error("the decoded function results differ")
	}
	if !bytes.Equal(encode(t, got), data) {
		t.Error("re-encoding the decoded file gives other bytes")
	}
	words := []string{}
	for _, fn := range got.Functions {
		words = append(words, fn.Name+"="+fn.Verdict)
	}
	if want := "main=unsafe rb_push=unsafe rb_pop=safe rb_tail=not checked rb_reset=removed"; strings.Join(words, " ") != want {
		t.Errorf("verdicts %q, want %q", strings.Join(words, " "), want)
	}
	if n := len(got.FunctionResults()); n != 3 {
		t.Errorf("%d function results, want 3 (the checked ones)", n)
	}
}

// spaces reads n spaces without holding them.
type spaces struct{ n int }

func (s *spaces) Read(p []byte) (int, error) {
	if s.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), s.n)
	for i := range p[:k] {
		p[i] = ' '
	}
	s.n -= k
	return k, nil
}

func TestDecodeRejects(t *testing.T) {
	good := string(encode(t, sample(t)))
	edit := func(fn func(f *File)) string {
		f := sample(t)
		fn(f)
		var b bytes.Buffer
		json.NewEncoder(&b).Encode(f)
		return b.String()
	}
	tests := []struct {
		name  string
		input io.Reader
		want  string
	}{
		{"schema 99", strings.NewReader(strings.Replace(good, `"schema": 1,`, `"schema": 99,`, 1)),
			"results schema version 99 is newer than this prbmc reads (1): use a newer prbmc"},
		{"schema 0", strings.NewReader(strings.Replace(good, `"schema": 1,`, `"schema": 0,`, 1)), "results schema version 0 is not one this prbmc reads (1)"},
		{"no schema", strings.NewReader(`{"head": "` + headSHA + `"}`), "not a prbmc results file: no schema version"},
		{"oversized", io.MultiReader(strings.NewReader(good), &spaces{n: MaxSize}), "results file larger than 64 MiB"},
		{"truncated", strings.NewReader(good[:len(good)/2]), "not a prbmc results file: unexpected end of JSON input"},
		{"empty", strings.NewReader(""), "not a prbmc results file: unexpected end of JSON input"},
		{"array", strings.NewReader("[1, 2]"), "not a prbmc results file: json: cannot unmarshal array into Go value of type struct"},
		{"schema a string", strings.NewReader(`{"schema": "1"}`), "not a prbmc results file: json: cannot unmarshal string into Go struct field .schema of type int"},
		{"wrong type", strings.NewReader(strings.Replace(good, `"line": 5,`, `"line": "five",`, 1)), "malformed results file: json: cannot unmarshal string"},
		{"two values", strings.NewReader(good + good), "not a prbmc results file: invalid character '{' after top-level value"},
		{"function ../etc/passwd", strings.NewReader(edit(func(f *File) { f.Functions[0].File = "../etc/passwd" })),
			`results function 1 (main): path "../etc/passwd" leaves the repository`},
		{"function /etc/passwd", strings.NewReader(edit(func(f *File) { f.Functions[0].File = "/etc/passwd" })),
			`results function 1 (main): path "/etc/passwd" is absolute, not repository-relative`},
		{"inner ..", strings.NewReader(edit(func(f *File) { f.Functions[1].File = "src/../../etc/passwd" })),
			`results function 2 (rb_push): path "src/../../etc/passwd" leaves the repository`},
		{"unclean", strings.NewReader(edit(func(f *File) { f.Functions[1].File = "./src/ring.c" })), `results function 2 (rb_push): path "./src/ring.c" is not clean`},
		{"empty file name", strings.NewReader(edit(func(f *File) { f.Functions[1].File = "" })), `results function 2 (rb_push): empty path`},
		{"file list", strings.NewReader(edit(func(f *File) { f.Files[0] = "../etc/passwd" })), `results file list: path "../etc/passwd" leaves the repository`},
		{"unread file", strings.NewReader(edit(func(f *File) { f.NotRead[0].Path = "/etc/shadow" })), `results unread files: path "/etc/shadow" is absolute`},
		{"trace step", strings.NewReader(edit(func(f *File) { f.Functions[0].Result.Props[0].Trace.Steps[0].Location.File = "../etc/passwd" })),
			`results function main: trace of main.reach-error.1: path "../etc/passwd" leaves the repository`},
		{"cached from not a SHA", strings.NewReader(edit(func(f *File) { f.Functions[0].CachedFrom = "main\n@everyone" })),
			`results function main: cached from "main @everyone", not a commit SHA`},
		{"head not a SHA", strings.NewReader(edit(func(f *File) { f.Head = "HEAD; rm -rf /" })), `results head "HEAD; rm -rf /" is not a commit SHA`},
		{"options edited", strings.NewReader(edit(func(f *File) { f.Options.MaxK = 1 })), `results options hash "sha256:`},
		{"shard 3/2", strings.NewReader(edit(func(f *File) { f.Shard = &Shard{Index: 3, Count: 2} })), "results shard 3/2 is not one of 1..2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode(tc.input)
			if err == nil {
				t.Fatalf("decoded (%d functions), want an error", len(f.Functions))
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %q, want %q…", err, tc.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error of more than one line: %q", err)
			}
		})
	}
}

func TestCheckPath(t *testing.T) {
	for p, ok := range map[string]bool{"src/a.c": true, "a.c": true, "a..b.c": true, "..a.c": true, "": false, ".": false, "..": false,
		"../a.c": false, "a/../b.c": false, "a/..": false, "/a.c": false, "a//b.c": false, "a/./b.c": false, "a/": false, `a\b.c`: false, "a\x00.c": false} {
		if err := CheckPath(p); (err == nil) != ok {
			t.Errorf("CheckPath(%q) = %v, want ok %v", p, err, ok)
		}
	}
}

func TestMerge(t *testing.T) {
	whole := sample(t)
	half := func(keep func(i int) bool, elapsed time.Duration) *File {
		f := sample(t)
		f.Functions = nil
		for i, fn := range whole.Functions {
			if keep(i) {
				f.Functions = append(f.Functions, fn)
			}
		}
		f.Elapsed = elapsed
		return f
	}
	even := half(func(i int) bool { return i%2 == 0 }, 2*time.Second)
	odd := half(func(i int) bool { return i%2 == 1 }, whole.Elapsed)
	unknownPush := sample(t)
	for i := range unknownPush.Functions {
		if fn := &unknownPush.Functions[i]; fn.Name == "rb_push" {
			fn.Result = &result.Result{Verdict: result.Unknown, Reason: "memory limit (3072 MiB) exceeded", Engine: "auto", Entry: "rb_push"}
			fn.Verdict = fn.Words()
		}
	}
	otherOptions := sample(t)
	otherOptions.Options.Checks = []string{"assertions"}
	otherOptions.Seal()
	otherHead := sample(t)
	otherHead.Head = strings.Repeat("3", 40)

	tests := []struct {
		name  string
		files []*File
		want  *File
		err   string
	}{
		{"two halves", []*File{odd, even}, whole, ""},
		{"a duplicate", []*File{whole, even}, whole, ""},
		{"itself twice", []*File{whole, whole}, whole, ""},
		{"decided over unknown", []*File{unknownPush, odd, even}, whole, ""},
		{"decided over unknown, either order", []*File{even, odd, unknownPush}, whole, ""},
		{"other options", []*File{whole, otherOptions}, nil, "results 2 were checked with other options (hash sha256:"},
		{"other head", []*File{whole, otherHead}, nil, "results 2 are of head 333333333333, results 1 of 111111111111"},
		{"nothing", nil, nil, "nothing to merge"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Merge(tc.files)
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q…", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if g, w := encode(t, got), encode(t, tc.want); !bytes.Equal(g, w) {
				t.Errorf("merged:\n%s\nwant:\n%s", g, w)
			}
		})
	}
}

// TestCachedFromRoundTrip: the optional cachedFrom field survives
// encoding and decoding, reaches the reports, and a file without it is
// still schema 1.
func TestCachedFromRoundTrip(t *testing.T) {
	f := sample(t)
	f.Functions[0].CachedFrom = headSHA
	var buf bytes.Buffer
	if err := Encode(&buf, f); err != nil {
		t.Fatal(err)
	}
	g, err := Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if g.Schema != 1 || g.Functions[0].CachedFrom != headSHA || g.Functions[0].FunctionResult().CachedFrom != headSHA {
		t.Errorf("schema %d, cachedFrom %q, want 1 and %s", g.Schema, g.Functions[0].CachedFrom, headSHA)
	}
	if fn := g.Functions[1]; fn.CachedFrom != "" || fn.Validate() != nil {
		t.Errorf("function 2: cachedFrom %q, Validate %v", fn.CachedFrom, fn.Validate())
	}
}
