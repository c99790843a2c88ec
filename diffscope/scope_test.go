package diffscope

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const utilC = `#include "cfg.h"

int add(int a, int b)
{
	int s = a + b;
	return s;
}

int sub(int a, int b)
{
	return a - b;
}

int mul(int a, int b)
{
	int r = 0;
	for (int i = 0; i < b; i++)
		r += a;
	return r;
}
`

func TestCompute(t *testing.T) {
	tests := []struct {
		name string
		base map[string]string
		head map[string]string
		want string
	}{
		{
			name: "edit inside a body",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{"util.c": strings.Replace(utilC, "return a - b;", "return b - a;", 1)},
			want: "util.c:9 sub  changed (body lines 11, old lines 11 deleted)\n",
		},
		{
			name: "signature change",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{"util.c": strings.Replace(utilC, "int sub(int a, int b)", "long sub(long a, int b)", 1)},
			want: "util.c:9 sub  changed (signature lines 9, old lines 9 deleted)\n",
		},
		{
			name: "function spanning two hunks",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{"util.c": strings.Replace(strings.Replace(utilC,
				"int r = 0;", "int r = 1;", 1), "return r;", "return r - 1;", 1)},
			want: "util.c:14 mul  changed (body lines 16, 19, old lines 16, 19 deleted)\n",
		},
		{
			name: "deletions only",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{"util.c": strings.Replace(utilC, "\tint s = a + b;\n\treturn s;\n", "\treturn a + b;\n", 1)},
			want: "util.c:3 add  changed (body lines 5, old lines 5-6 deleted)\n",
		},
		{
			name: "pure deletion of a line",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{"util.c": strings.Replace(utilC, "\tint s = a + b;\n", "", 1)},
			want: "util.c:3 add  changed (body old lines 5 deleted)\n",
		},
		{
			name: "comment-only change",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{"util.c": strings.Replace(utilC, "return a - b;", "return a - b; /* difference */", 1)},
			want: "util.c:9 sub  changed (comments/whitespace lines 11, old lines 11 deleted)\n",
		},
		{
			name: "added, removed and new functions",
			base: map[string]string{"util.c": utilC, "old.c": "int gone(void) { return 0; }\n"},
			head: map[string]string{
				"old.c":  deleteFile,
				"util.c": strings.Replace(utilC, "int sub(int a, int b)\n{\n\treturn a - b;\n}\n\n", "", 1) + "\nint neg(int a)\n{\n\treturn -a;\n}\n",
				"new.c":  "static int helper(void)\n{\n\treturn 1;\n}\nint api(void) { return helper(); }\n",
			},
			want: `new.c:1 helper  added (new file)
new.c:5 api  added (new file)
old.c:1 gone  removed (file deleted)
util.c:9 sub  removed
util.c:17 neg  added (new function)
`,
		},
		{
			name: "function renamed",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{"util.c": strings.Replace(utilC, "int mul(int a, int b)", "int times(int a, int b)", 1)},
			want: "util.c:14 times  changed (renamed from mul)\n",
		},
		{
			name: "function renamed with edits",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{"util.c": strings.Replace(strings.Replace(utilC,
				"int mul(int a, int b)", "int times(int a, int b)", 1), "r += a;", "r = r + a;", 1)},
			want: "util.c:14 times  changed (renamed from mul; body lines 18, old lines 18 deleted)\n",
		},
		{
			name: "file renamed without edits",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{"util.c": deleteFile, "src/util.c": utilC},
			want: "no C functions in scope\n",
		},
		{
			name: "file renamed with edits",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{"util.c": deleteFile, "src/util.c": strings.Replace(utilC, "return a - b;", "return b - a;", 1)},
			want: "src/util.c:9 sub  changed (file renamed from util.c; body lines 11, old lines 11 deleted)\n",
		},
		{
			name: "copied file",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{
				"util.c":  strings.Replace(utilC, "return a - b;", "return b - a;", 1),
				"util2.c": utilC,
			},
			want: `util.c:9 sub  changed (body lines 11, old lines 11 deleted)
util2.c:3 add  added (copied from util.c)
util2.c:9 sub  added (copied from util.c)
util2.c:14 mul  added (copied from util.c)
`,
		},
		{
			name: "affected function in a renamed file",
			base: map[string]string{"cfg.h": "#define N 1\n", "a.c": "int f(void) { return N; }\n"},
			head: map[string]string{"cfg.h": "#define N 2\n", "a.c": deleteFile, "b.c": "int f(void) { return N; }\n"},
			want: "b.c:1 f  affected (file renamed from a.c; macro N changed in cfg.h:1)\n",
		},
		{
			name: "changed macro in a header affects users in other files",
			base: map[string]string{
				"include/cfg.h": "#ifndef CFG_H\n#define CFG_H\n#define MAX_LEN 16\n#define BUF_SIZE (MAX_LEN * 2)\n#define OTHER 1\n#endif\n",
				"src/a.c":       "#include \"cfg.h\"\nint direct(void) { return MAX_LEN; }\nint indirect(void) { return BUF_SIZE; }\nint unrelated(void) { return OTHER; }\n",
				"src/b.c":       "int nothing(void) { return 0; }\n",
			},
			head: map[string]string{"include/cfg.h": "#ifndef CFG_H\n#define CFG_H\n#define MAX_LEN 32\n#define BUF_SIZE (MAX_LEN * 2)\n#define OTHER 1\n#endif\n"},
			want: `src/a.c:2 direct  affected (macro MAX_LEN changed in include/cfg.h:3)
src/a.c:3 indirect  affected (macro MAX_LEN changed in include/cfg.h:3 via BUF_SIZE)
`,
		},
		{
			name: "changed struct affects users, also through a typedef in an unchanged header",
			base: map[string]string{
				"pkt.h":   "struct packet {\n\tint len;\n};\n",
				"types.h": "#include \"pkt.h\"\ntypedef struct packet pkt_t;\n",
				"a.c":     "#include \"types.h\"\nint plen(struct packet *p) { return p->len; }\nint tlen(pkt_t *p) { return p->len; }\nint other(int x) { return x; }\n",
			},
			head: map[string]string{"pkt.h": "struct packet {\n\tint len;\n\tchar *data;\n};\n"},
			want: `a.c:2 plen  affected (type struct packet changed in pkt.h:1)
a.c:3 tlen  affected (type struct packet changed in pkt.h:1 via pkt_t)
`,
		},
		{
			name: "changed global affects users in any file, statics only their own file",
			base: map[string]string{
				"state.c": "int counter = 0;\nstatic int limit = 10;\nint bump(void) { return ++counter < limit; }\nint get(void) { return counter; }\n",
				"use.c":   "extern int counter;\nstatic int limit = 99;\nint show(void) { return counter; }\nint lim(void) { return limit; }\n",
			},
			head: map[string]string{"state.c": "int counter = 5;\nstatic int limit = 20;\nint bump(void) { return ++counter < limit; }\nint get(void) { return counter; }\n"},
			want: `state.c:3 bump  affected (global counter changed in state.c:1; static limit changed in state.c:2)
state.c:4 get  affected (global counter changed in state.c:1)
use.c:3 show  affected (global counter changed in state.c:1)
`,
		},
		{
			name: "removed macro affects its users",
			base: map[string]string{"m.h": "#define FLAG 1\n", "m.c": "#include \"m.h\"\nint f(void) { return FLAG; }\n"},
			head: map[string]string{"m.h": "/* nothing */\n"},
			want: "m.c:2 f  affected (macro FLAG removed in m.h:1)\n",
		},
		{
			name: "static inline function in a header",
			base: map[string]string{"h.h": "static inline int sq(int x)\n{\n\treturn x * x;\n}\n"},
			head: map[string]string{"h.h": "static inline int sq(int x)\n{\n\treturn x * x + 0;\n}\n"},
			want: "h.h:1 sq  changed (body lines 3, old lines 3 deleted)\n",
		},
		{
			name: "K&R and macro-heavy code",
			base: map[string]string{"kr.c": `#include "x.h"
DEFINE_LOCK(biglock);
EXPORT_SYMBOL(kr_add);

int kr_add(a, b)
	int a;
	char *b;
{
	return a + *b;
}

static inline __attribute__((always_inline)) int
fast(int x) __acquires(biglock)
{
	return x;
}
`},
			head: map[string]string{"kr.c": `#include "x.h"
DEFINE_LOCK(biglock);
EXPORT_SYMBOL(kr_add);

int kr_add(a, b)
	int a;
	long *b;
{
	return a + *b;
}

static inline __attribute__((always_inline)) int
fast(int x) __acquires(biglock)
{
	return x + 1;
}
`},
			want: `kr.c:5 kr_add  changed (signature lines 7, old lines 7 deleted)
kr.c:12 fast  changed (body lines 15, old lines 15 deleted)
`,
		},
		{
			name: "CRLF file",
			base: map[string]string{"w.c": "int f(void)\r\n{\r\n\treturn 0;\r\n}\r\n\r\nint g(void)\r\n{\r\n\treturn 1;\r\n}\r\n"},
			head: map[string]string{"w.c": "int f(void)\r\n{\r\n\treturn 0;\r\n}\r\n\r\nint g(void)\r\n{\r\n\treturn 2;\r\n}\r\n"},
			want: "w.c:6 g  changed (body lines 8, old lines 8 deleted)\n",
		},
		{
			name: "empty file",
			base: map[string]string{"util.c": utilC},
			head: map[string]string{"empty.c": "", "empty.h": ""},
			want: "no C functions in scope\n",
		},
		{
			// git calls a file with NUL bytes binary; a pull request must
			// not hide a change that way, so it is diffed as text.
			name: "NUL bytes",
			base: map[string]string{"util.c": utilC, "blob.c": "int f(void) { return 0; }\n\x00\x01\x02"},
			head: map[string]string{"blob.c": "int f(void) { return 1; }\n\x00\x01\x03"},
			want: "blob.c:1 f  changed (body lines 1, old lines 1 deleted)\n",
		},
		{
			name: "no newline at end of file",
			base: map[string]string{"n.c": "int f(void) { return 0; }\nint g(void) { return 1; }"},
			head: map[string]string{"n.c": "int f(void) { return 0; }\nint g(void) { return 2; }"},
			want: "n.c:2 g  changed (body lines 2, old lines 2 deleted)\n",
		},
		{
			name: "newline added at end of file",
			base: map[string]string{"n.c": "int f(void) { return 0; }\nint g(void) { return 1; }"},
			head: map[string]string{"n.c": "int f(void) { return 0; }\nint g(void) { return 1; }\n"},
			want: "n.c:2 g  changed (comments/whitespace lines 2, old lines 2 deleted)\n",
		},
		{
			name: "files outside the globs are ignored",
			base: map[string]string{"util.c": utilC, "notes.txt": "a\n", "x.cpp": "int f() { return 0; }\n"},
			head: map[string]string{"notes.txt": "b\n", "x.cpp": "int f() { return 1; }\n"},
			want: "no C functions in scope\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newTestRepo(t)
			r.write(tt.base)
			r.commit("base")
			r.git("checkout", "-q", "-b", "feature")
			r.write(tt.head)
			r.commit("change")
			res, err := r.compute(Options{Base: "main"})
			if err != nil {
				t.Fatal(err)
			}
			if got := r.text(res); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestComputeStructured checks the structured result, not only its text.
func TestComputeStructured(t *testing.T) {
	r := newTestRepo(t)
	r.write(map[string]string{
		"src/cfg.h":   "#define MAX_LEN 16\n",
		"src/parse.c": "#include \"cfg.h\"\nint parse(char *s)\n{\n\tchar buf[MAX_LEN];\n\treturn s[0];\n}\n",
		"old.c":       utilC,
	})
	base := r.commit("base")
	r.git("checkout", "-q", "-b", "feature")
	r.write(map[string]string{"src/cfg.h": "#define MAX_LEN 64\n", "old.c": deleteFile, "lib/util.c": strings.Replace(utilC, "return a - b;", "return a - b - 0;", 1)})
	head := r.commit("change")
	res, err := r.compute(Options{Base: base, Head: head})
	if err != nil {
		t.Fatal(err)
	}
	if res.Base != base || res.Head != head {
		t.Errorf("base/head = %s/%s, want %s/%s", res.Base, res.Head, base, head)
	}
	var sub, parse *Function
	for i := range res.Functions {
		switch res.Functions[i].Name {
		case "sub":
			sub = &res.Functions[i]
		case "parse":
			parse = &res.Functions[i]
		}
	}
	if sub == nil || parse == nil {
		t.Fatalf("functions = %+v", res.Functions)
	}
	wantSub := Function{File: "lib/util.c", Name: "sub", StartLine: 9, BodyLine: 10, EndLine: 12, Status: StatusChanged,
		Reasons: []Reason{{Kind: ReasonRenamed, From: "old.c"}, {Kind: ReasonBody, Lines: []int{11}, OldLines: []int{11}}}}
	if !equalJSON(t, *sub, wantSub) {
		t.Errorf("sub = %+v\nwant %+v", *sub, wantSub)
	}
	wantParse := Function{File: "src/parse.c", Name: "parse", StartLine: 2, BodyLine: 3, EndLine: 6, Status: StatusAffected,
		Reasons: []Reason{{Kind: "macro", Name: "MAX_LEN", File: "src/cfg.h", Line: 1, Change: "changed"}}}
	if !equalJSON(t, *parse, wantParse) {
		t.Errorf("parse = %+v\nwant %+v", *parse, wantParse)
	}
	if !parse.Verify() || len(res.ToVerify()) != 2 {
		t.Errorf("ToVerify = %+v", res.ToVerify())
	}
	wantFiles := []FileChange{
		{Path: "lib/util.c", OldPath: "old.c", Status: FileRenamed, Added: 1, Deleted: 1},
		{Path: "src/cfg.h", Status: FileModified, Added: 1, Deleted: 1},
	}
	if !equalJSON(t, res.Files, wantFiles) {
		t.Errorf("files = %+v\nwant %+v", res.Files, wantFiles)
	}
	// The JSON form round-trips.
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(data, &back); err != nil || !equalJSON(t, back, *res) {
		t.Errorf("JSON round trip failed: %v\n%s", err, data)
	}
	if !strings.Contains(string(data), `"status":"affected"`) {
		t.Errorf("JSON lacks status: %s", data)
	}
}

func equalJSON(t *testing.T, a, b any) bool {
	t.Helper()
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	return string(x) == string(y)
}

func TestComputeMergeBase(t *testing.T) {
	r := newTestRepo(t)
	r.write(map[string]string{"a.c": "int fa(void) { return 0; }\n", "b.c": "int fb(void) { return 0; }\n"})
	r.commit("base")
	r.git("checkout", "-q", "-b", "feature")
	r.write(map[string]string{"a.c": "int fa(void) { return 1; }\n"})
	r.commit("feature change")
	r.git("checkout", "-q", "main")
	r.write(map[string]string{"b.c": "int fb(void) { return 2; }\n"})
	r.commit("main moves on")

	res, err := r.compute(Options{Base: "main", Head: "feature"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.text(res), "a.c:1 fa  changed (body lines 1, old lines 1 deleted)\n"; got != want {
		t.Errorf("merge base: got\n%s\nwant\n%s", got, want)
	}
	off := false
	res, err = r.compute(Options{Base: "main", Head: "feature", MergeBase: &off})
	if err != nil {
		t.Fatal(err)
	}
	want := "a.c:1 fa  changed (body lines 1, old lines 1 deleted)\nb.c:1 fb  changed (body lines 1, old lines 1 deleted)\n"
	if got := r.text(res); got != want {
		t.Errorf("two-dot: got\n%s\nwant\n%s", got, want)
	}
}

func TestComputeGlobs(t *testing.T) {
	r := newTestRepo(t)
	r.write(map[string]string{"src/a.c": "int fa(void) { return 0; }\n", "vendor/b.c": "int fb(void) { return 0; }\n"})
	r.commit("base")
	r.write(map[string]string{"src/a.c": "int fa(void) { return 1; }\n", "vendor/b.c": "int fb(void) { return 1; }\n"})
	r.commit("change")
	// RepoDir may be any directory inside the work tree; paths stay
	// relative to the top level.
	res, err := Compute(context.Background(), Options{RepoDir: filepath.Join(r.dir, "vendor"), Base: "HEAD~1",
		Globs: []string{"**/*.c", "!vendor/**"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Functions) != 1 || res.Functions[0].Name != "fa" || res.Functions[0].File != "src/a.c" {
		t.Errorf("functions = %+v", res.Functions)
	}
}

func TestComputeErrors(t *testing.T) {
	r := newTestRepo(t)
	r.write(map[string]string{"a.c": "int f(void) { return 0; }\n"})
	r.commit("one")

	_, err := r.compute(Options{Base: "nope"})
	if err == nil || err.Error() != `revision "nope" not found` || !errors.Is(err, ErrRevisionNotFound) {
		t.Errorf("missing base: %v", err)
	}
	_, err = r.compute(Options{Base: "main", Head: "no-such-branch"})
	if err == nil || err.Error() != `revision "no-such-branch" not found` {
		t.Errorf("missing head: %v", err)
	}
	_, err = r.compute(Options{})
	if err == nil || !strings.Contains(err.Error(), "base") {
		t.Errorf("no base: %v", err)
	}

	dir := t.TempDir()
	_, err = Compute(context.Background(), Options{RepoDir: dir, Base: "main"})
	if err == nil || err.Error() != "not a git repository: "+dir || !errors.Is(err, ErrNotRepository) {
		t.Errorf("not a repo: %v", err)
	}
	_, err = Compute(context.Background(), Options{RepoDir: filepath.Join(dir, "missing"), Base: "main"})
	if err == nil || !errors.Is(err, ErrNotRepository) {
		t.Errorf("missing dir: %v", err)
	}

	// Unrelated histories have no merge base.
	r.git("checkout", "-q", "--orphan", "other")
	r.commit("unrelated")
	_, err = r.compute(Options{Base: "main"})
	if err == nil || !errors.Is(err, ErrNoMergeBase) || !strings.Contains(err.Error(), "no merge base") {
		t.Errorf("unrelated: %v", err)
	}
}

func TestComputeShallowClone(t *testing.T) {
	r := newTestRepo(t)
	r.write(map[string]string{"a.c": "int f(void) { return 0; }\n"})
	base := r.commit("base")
	r.git("checkout", "-q", "-b", "feature")
	r.write(map[string]string{"a.c": "int f(void) { return 1; }\n"})
	r.commit("change")

	for _, tc := range []struct {
		name, baseRev string
		cloneArgs     []string
	}{
		{"base sha missing", base, []string{"--branch", "feature"}},
		{"base branch present but history cut", "origin/main", []string{"--branch", "feature", "--no-single-branch"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clone := filepath.Join(t.TempDir(), "clone")
			args := append([]string{"clone", "-q", "--depth", "1"}, tc.cloneArgs...)
			r.git(append(args, "file://"+r.dir, clone)...)
			_, err := Compute(context.Background(), Options{RepoDir: clone, Base: tc.baseRev})
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if !strings.Contains(msg, "fetch-depth: 0") || !strings.Contains(msg, "git fetch --unshallow") ||
				!errors.Is(err, ErrShallowClone) || strings.Contains(msg, "\n") {
				t.Errorf("error = %q", msg)
			}
		})
	}
}

func TestComputeCompileCommands(t *testing.T) {
	r := newTestRepo(t)
	r.write(map[string]string{"src/a.c": "int fa(void) { return 0; }\n", "src/b.c": "int fb(void) { return 0; }\n", "h.h": "int fh(void) { return 0; }\n"})
	r.commit("base")
	r.write(map[string]string{"src/a.c": "int fa(void) { return 1; }\n", "src/b.c": "int fb(void) { return 1; }\n", "h.h": "int fh(void) { return 1; }\n"})
	r.commit("change")
	db := `[
	{"directory": "` + r.dir + `/build", "file": "../src/a.c", "command": "cc -I../include -isystem /usr/local/include -DDEBUG -DLEVEL=2 -m32 -c ../src/a.c"},
	{"directory": "` + r.dir + `", "file": "src/b.c", "arguments": ["cc", "-iquote", "q", "-UNDEBUG", "-D", "X=\"a b\"", "-m64", "-c", "src/b.c"]}
]`
	// The database is a build artefact: it lives in the work tree, not in git.
	if err := os.WriteFile(filepath.Join(r.dir, "compile_commands.json"), []byte(db), 0o644); err != nil {
		t.Fatal(err)
	}
	fallback := Flags{Defines: []Define{{Name: "FALLBACK", Value: "1"}}}
	res, err := r.compute(Options{Base: "HEAD~1", DefaultFlags: fallback})
	if err != nil {
		t.Fatal(err)
	}
	if res.CompileDB == "" {
		t.Fatal("compile_commands.json not found")
	}
	want := map[string]Flags{
		"src/a.c": {
			IncludeDirs: []IncludeDir{{Path: filepath.Join(r.dir, "include"), Kind: "-I"}, {Path: "/usr/local/include", Kind: "-isystem"}},
			Defines:     []Define{{Name: "DEBUG", Value: "1"}, {Name: "LEVEL", Value: "2"}},
			Arch:        "-m32",
		},
		"src/b.c": {
			IncludeDirs: []IncludeDir{{Path: filepath.Join(r.dir, "q"), Kind: "-iquote"}},
			Defines:     []Define{{Name: "NDEBUG", Undef: true}, {Name: "X", Value: `"a b"`}},
			Arch:        "-m64",
		},
		"h.h": fallback,
	}
	if !equalJSON(t, res.Flags, want) {
		got, _ := json.MarshalIndent(res.Flags, "", " ")
		t.Errorf("flags:\n%s", got)
	}

	// An explicit path that does not exist is an error.
	if _, err := r.compute(Options{Base: "HEAD~1", CompileCommands: "build/none.json"}); err == nil {
		t.Error("missing explicit compile_commands.json: no error")
	}
}

func TestCompileDBForms(t *testing.T) {
	data := []byte(`[
	{"directory": "/w/build", "file": "/w/src/x.c", "command": "gcc '-DMSG=hello world' -I inc -Iother\\ dir -iquote=q -c x.c"},
	{"directory": "rel", "file": "y.c", "arguments": ["clang", "-isystem", "sys", "-DA", "-UA", "-m64", "y.c"]},
	{"directory": "/elsewhere/checkout", "file": "lib/z.c", "command": "cc -DZ -c lib/z.c"}
]`)
	db, err := ParseCompileDB(data, "/w")
	if err != nil {
		t.Fatal(err)
	}
	x := db.FlagsFor("/w/src/x.c", Flags{})
	wantX := Flags{
		IncludeDirs: []IncludeDir{{Path: "/w/build/inc", Kind: "-I"}, {Path: "/w/build/other dir", Kind: "-I"}, {Path: "/w/build/=q", Kind: "-iquote"}},
		Defines:     []Define{{Name: "MSG", Value: "hello world"}},
	}
	if !equalJSON(t, x, wantX) {
		t.Errorf("x.c flags = %+v", x)
	}
	y := db.FlagsFor("/w/rel/y.c", Flags{})
	wantY := Flags{
		IncludeDirs: []IncludeDir{{Path: "/w/rel/sys", Kind: "-isystem"}},
		Defines:     []Define{{Name: "A", Value: "1"}, {Name: "A", Undef: true}},
		Arch:        "-m64",
	}
	if !equalJSON(t, y, wantY) {
		t.Errorf("y.c flags = %+v", y)
	}
	// Generated in another checkout: matched by trailing path elements.
	if z := db.FlagsFor("/home/runner/work/p/lib/z.c", Flags{}); len(z.Defines) != 1 || z.Defines[0].Name != "Z" {
		t.Errorf("z.c flags = %+v", z)
	}
	fb := Flags{Arch: "-m32"}
	if got := db.FlagsFor("/w/src/unknown.c", fb); !equalJSON(t, got, fb) {
		t.Errorf("fallback = %+v", got)
	}
	if _, err := ParseCompileDB([]byte("{"), "/"); err == nil {
		t.Error("bad JSON: no error")
	}
	if got := SplitCommand(`cc "-DA=\"q\"" 'x y' a\ b ""`); !slices.Equal(got, []string{"cc", `-DA="q"`, "x y", "a b", ""}) {
		t.Errorf("SplitCommand = %q", got)
	}
}

func TestRepoShowAndDiff(t *testing.T) {
	r := newTestRepo(t)
	r.write(map[string]string{"a.c": "int f(void) { return 0; }\n", "mode.c": "int m;\n"})
	c1 := r.commit("one")
	r.write(map[string]string{"a.c": "int f(void) { return 1; }\n"})
	if err := os.Chmod(filepath.Join(r.dir, "mode.c"), 0o755); err != nil {
		t.Fatal(err)
	}
	c2 := r.commit("two")
	ctx := context.Background()
	repo, err := OpenRepo(ctx, filepath.Join(r.dir))
	if err != nil {
		t.Fatal(err)
	}
	got, err := repo.Show(ctx, c1, "a.c")
	if err != nil || string(got) != "int f(void) { return 0; }\n" {
		t.Errorf("Show = %q, %v", got, err)
	}
	if _, err := repo.Show(ctx, c1, "missing.c"); err == nil {
		t.Error("Show of a missing file: no error")
	}
	files, err := repo.Diff(ctx, c1, c2)
	if err != nil || len(files) != 2 {
		t.Fatalf("Diff = %v, %v", files, err)
	}
	if files[1].NewName != "mode.c" || files[1].NewMode != 0o100755 || len(files[1].TextFragments) != 0 {
		t.Errorf("mode change = %+v", files[1])
	}
	if shallow, err := repo.IsShallow(ctx); err != nil || shallow {
		t.Errorf("IsShallow = %v, %v", shallow, err)
	}
}

func TestWriteText(t *testing.T) {
	res := &Result{Functions: []Function{
		{File: "src/parse.c", Name: "parse_header", StartLine: 42, Status: StatusChanged,
			Reasons: []Reason{{Kind: ReasonBody, Lines: []int{47, 48, 49}}}},
		{File: "src/x.c", Name: "y", StartLine: 3, Status: StatusAffected,
			Reasons: []Reason{{Kind: "type", Name: "struct packet", File: "pkt.h", Line: 2, Change: "changed", Via: "pkt_t"}}},
	}, Files: []FileChange{{Path: "b.c", Skipped: "binary"}}}
	var b strings.Builder
	if err := WriteText(&b, res); err != nil {
		t.Fatal(err)
	}
	want := "src/parse.c:42 parse_header  changed (body lines 47-49)\n" +
		"src/x.c:3 y  affected (type struct packet changed in pkt.h:2 via pkt_t)\n" +
		"b.c: skipped (binary)\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestGitMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := exec.LookPath("git"); err == nil {
		t.Skip("git still found")
	}
	_, err := Compute(context.Background(), Options{RepoDir: t.TempDir(), Base: "main"})
	if !errors.Is(err, ErrGitMissing) {
		t.Errorf("err = %v", err)
	}
}

func TestComputeEmptyTree(t *testing.T) {
	r := newTestRepo(t)
	r.write(map[string]string{"a.c": "int f(void) { return 0; }\nint g(void) { return 1; }\n"})
	r.commit("first")
	res, err := Compute(context.Background(), Options{RepoDir: r.dir, Base: EmptyTree})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range res.Functions {
		names = append(names, f.Name+":"+string(f.Status))
	}
	if strings.Join(names, ",") != "f:added,g:added" {
		t.Errorf("functions %v, want f and g added", names)
	}
}
