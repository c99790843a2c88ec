package diffscope

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// fnSummary renders functions as "name start-body-end" for comparison.
func fnSummary(fs *FileScan) []string {
	var out []string
	for _, f := range fs.Functions {
		out = append(out, fmt.Sprintf("%s %d-%d-%d", f.Name, f.StartLine, f.BodyLine, f.EndLine))
	}
	return out
}

func defSummary(fs *FileScan) []string {
	var out []string
	for _, d := range fs.Defs {
		out = append(out, fmt.Sprintf("%s %s %d-%d", d.Kind, d.Name, d.StartLine, d.EndLine))
	}
	return out
}

func TestScanFunctions(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"empty", "", nil},
		{"simple", "int f(void)\n{\n\treturn 0;\n}\n", []string{"f 1-2-4"}},
		{"one line", "int f(void) { return 0; }\nint g(int a) { return a; }\n", []string{"f 1-1-1", "g 2-2-2"}},
		{"return type on its own line", "static int\nadd(int a, int b)\n{\n\treturn a + b;\n}\n",
			[]string{"add 1-3-5"}},
		{"comments and strings", `/* int fake(void) { */
// int fake2(void) {
const char *s = "}{ \" }";
char c = '}';
char d = '\'';
int real(void) {
	puts("/* not a comment */ }");
	return '{';
}
`, []string{"real 6-6-9"}},
		{"preprocessor with continuation", "#define M(x) \\\n\tdo { \\\n\t} while (0)\n#define N {\nint f(void) { M(1); }\n",
			[]string{"f 5-5-5"}},
		{"if 0 skipped", "#if 0\nint dead(void) { 'x\n}\n#else\nint live(void) { return 1; }\n#endif\n",
			[]string{"live 5-5-5"}},
		{"alternative headers", "#ifdef A\nint f(int a) {\n#else\nint f(long a) {\n#endif\n\treturn a;\n}\nint g(void) { return 0; }\n",
			[]string{"f 2-4-7", "g 8-8-8"}},
		{"unbalanced if branches in body", "int f(int x) {\n#ifdef A\n\tif (x) {\n#else\n\tif (!x) {\n#endif\n\t\treturn 1;\n\t}\n\treturn 0;\n}\nint g(void) { return 2; }\n",
			[]string{"f 1-1-10", "g 11-11-11"}},
		{"K&R", "int kr(a, b)\n\tint a;\n\tchar *b;\n{\n\treturn a + *b;\n}\nint after(void) { return 0; }\n",
			[]string{"kr 1-4-6", "after 7-7-7"}},
		{"macros before functions", `static inline __attribute__((always_inline)) int fa(void) { return 1; }
static __printf(1, 2) void logf(const char *fmt, ...) { }
int locked(void) __acquires(l) __releases(l) { return 0; }
SEC("xdp")
int prog(struct xdp_md *ctx) { return XDP_PASS; }
EXPORT_SYMBOL(prog);
DEFINE_LOCK(x);
static int __init init_fn(void) { return 0; }
`, []string{"fa 1-1-1", "logf 2-2-2", "locked 3-3-3", "prog 4-5-5", "init_fn 8-8-8"}},
		{"file-scope aggregates are not functions", `struct s { int a; int (*cb)(int); };
struct s x = { .a = 1, .cb = f };
int tbl[] = { 1, 2, 3 };
union u { int i; float f; };
enum e { A, B };
typedef struct { int z; } anon_t;
int g(void) { return 0; }
`, []string{"g 7-7-7"}},
		{"function returning function pointer", "int (*get(int x))(int) {\n\treturn 0;\n}\nvoid (*(cb(void)))(int) { return 0; }\n",
			[]string{"get 1-1-3", "cb 4-4-4"}},
		{"annotation macro before specifiers", "Py_DEPRECATED(3.3) static inline void\nPy_COPY(int *t)\n{\n}\n",
			[]string{"Py_COPY 1-3-4"}},
		{"declaration-generating macros without semicolons", "FNS(ACTIVE, active)\nFNS(DIRTY, dirty)\n\nstatic int clean(int x)\n{\n\treturn !x;\n}\n",
			[]string{"clean 4-5-7"}},
		{"extern C", "extern \"C\" {\nint f(void) { return 1; }\n}\nint g(void) { return 2; }\n",
			[]string{"f 2-2-2", "g 4-4-4"}},
		{"CRLF", "int f(void)\r\n{\r\n\treturn 0;\r\n}\r\nint g(void) { return 1; }\r\n", []string{"f 1-2-4", "g 5-5-5"}},
		{"no newline at end", "int f(void) { return 0; }", []string{"f 1-1-1"}},
		{"non-UTF8 bytes", "int \xff\xfe(void) { return 0; }\nint g(void) { const char *s = \"\xc3\x28\"; return 1; }\n",
			[]string{"\xff\xfe 1-1-1", "g 2-2-2"}},
		{"unterminated body", "int f(void) {\n\tif (x) {\n\treturn 0;\n}\n", []string{"f 1-1-4"}},
		{"statement expression in initializer", "int x = ({ int y = 1; y; });\nint f(void) { return x; }\n",
			[]string{"f 2-2-2"}},
		{"struct-returning function", "struct s *mk(void) { return 0; }\nstruct s mk2(void) { struct s v; return v; }\n",
			[]string{"mk 1-1-1", "mk2 2-2-2"}},
		{"nested braces", "void f(void) {\n\t{ { } }\n\tstruct { int a; } v = { 1 };\n}\n", []string{"f 1-1-4"}},
		{"C23 digit separators", "int f(void) { return 1'000'000; }\nint g(void) { return 0; }\n",
			[]string{"f 1-1-1", "g 2-2-2"}},
		{"if 0 inside a body", "int f(void) {\n#if 0\n\t}\n#endif\n\treturn 0;\n}\nint g(void) { return 1; }\n",
			[]string{"f 1-1-6", "g 7-7-7"}},
		{"attributes on types and after parameters", "struct __attribute__((packed)) s { int a; };\nvoid die(void) __attribute__((noreturn)) {\n}\n",
			[]string{"die 2-2-3"}},
		{"stray closing brace", "}\nint f(void) { return 0; }\n", []string{"f 2-2-2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fnSummary(Scan([]byte(tt.src)))
			if !slices.Equal(got, tt.want) {
				t.Errorf("functions:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestScanDefs(t *testing.T) {
	src := `#include "x.h"
#define MAX_LEN 16
#define MIN(a, b) \
	((a) < (b) ? (a) : (b))
#undef OLD
struct packet {
	int len;
	char data[MAX_LEN];
};
typedef struct packet packet_t;
typedef int (*handler_t)(int);
enum color { RED, GREEN = 2 };
enum { ANON_A, ANON_B };
int counter = 0, table[2] = { 1, 2 };
static int hidden;
extern int shared;
int (*hook)(int);
struct packet *current;
DEFINE_MUTEX(big_lock);
struct fwd;
int proto(int);
int f(void) { return MIN(counter, MAX_LEN); }
`
	fs := Scan([]byte(src))
	want := []string{
		"macro MAX_LEN 2-2", "macro MIN 3-4", "macro OLD 5-5",
		"type struct packet 6-9", "type packet_t 10-10", "type handler_t 11-11",
		"type enum color 12-12", "type enum {ANON_A} 13-13",
		"global counter 14-14", "global table 14-14", "static hidden 15-15", "global shared 16-16",
		"global hook 17-17", "global current 18-18", "global big_lock 19-19",
	}
	if got := defSummary(fs); !slices.Equal(got, want) {
		t.Errorf("defs:\n got %q\nwant %q", got, want)
	}
	byName := map[string]Def{}
	for _, d := range fs.Defs {
		byName[d.Name] = d
	}
	if got := byName["enum color"].Idents; !slices.Equal(got, []string{"enum color", "RED", "GREEN"}) {
		t.Errorf("enum idents = %q", got)
	}
	if got := byName["struct packet"].Uses; !slices.Contains(got, "MAX_LEN") {
		t.Errorf("struct packet uses %q, want MAX_LEN", got)
	}
	if got := byName["packet_t"].Uses; !slices.Contains(got, "struct packet") {
		t.Errorf("packet_t uses %q, want struct packet", got)
	}
	if got := byName["MIN"].Uses; len(got) != 0 {
		t.Errorf("MIN uses %q, want none (parameters are not uses)", got)
	}
	if len(fs.Functions) != 1 {
		t.Fatalf("functions = %v", fnSummary(fs))
	}
	uses := fs.Functions[0].Uses
	for _, u := range []string{"MIN", "counter", "MAX_LEN"} {
		if !slices.Contains(uses, u) {
			t.Errorf("f uses %q, missing %s", uses, u)
		}
	}
}

func TestScanUses(t *testing.T) {
	src := "static int f(struct packet *p, pkt_t q)\n{\n#ifdef CONFIG_FAST\n\treturn p->len + LIMIT;\n#endif\n\treturn 0; /* UNUSED */ \"STR\";\n}\n"
	fs := Scan([]byte(src))
	if len(fs.Functions) != 1 {
		t.Fatalf("functions = %v", fnSummary(fs))
	}
	got := fs.Functions[0].Uses
	want := []string{"CONFIG_FAST", "LIMIT", "f", "len", "p", "packet", "pkt_t", "q", "struct packet"}
	if !slices.Equal(got, want) {
		t.Errorf("uses:\n got %q\nwant %q", got, want)
	}
	if sig := fs.Functions[0].Signature; sig != "static int f ( struct packet * p , pkt_t q )" {
		t.Errorf("signature = %q", sig)
	}
}

var scanSeeds = []string{
	"",
	"int f(void) { return 0; }",
	"#define X(a) \\\n a\nint g(a, b) int a; char *b; { return a; }\n",
	"#if 0\n'\n#else\nint h(void) {\n#endif\n}\n",
	"struct s { int a; } x = { 1 };\r\nenum { A, B };\r\n",
	"/* unterminated",
	"\"unterminated\nint f(void) {}",
	"int (*get(int x))(int) { return 0; }",
	"extern \"C\" { int f(void) { return 1; } }",
	"}}}{{{((([[[",
	"#if X\n#elif Y\n#else\n#endif\n#endif\n#else\n",
	"typedef int (*fn)(int); DEFINE_LOCK(x); static DEFINE_MUTEX(m);",
	"\xff\xfe\x00\x80 int \x80(void) {}",
	"int a = 1'2'3; '\\",
	"#define A \\",
}

func FuzzScan(f *testing.F) {
	for _, s := range scanSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fs := Scan(src)
		lines := strings.Count(string(src), "\n") + 1
		for _, fn := range fs.Functions {
			if fn.StartLine < 1 || fn.StartLine > fn.BodyLine || fn.BodyLine > fn.EndLine || fn.EndLine > lines {
				t.Fatalf("bad function range %+v (lines %d)", fn, lines)
			}
		}
		for _, d := range fs.Defs {
			if d.StartLine < 1 || d.StartLine > d.EndLine || d.EndLine > lines {
				t.Fatalf("bad def range %+v (lines %d)", d, lines)
			}
		}
	})
}

func TestScanSeedsDoNotPanic(t *testing.T) {
	for _, s := range scanSeeds {
		Scan([]byte(s))
	}
}

func TestMatchGlobs(t *testing.T) {
	tests := []struct {
		globs []string
		name  string
		want  bool
	}{
		{nil, "a.c", true},
		{nil, "src/deep/x.h", true},
		{nil, "src/x.cpp", false},
		{[]string{"src/**/*.c"}, "src/a.c", true},
		{[]string{"src/**/*.c"}, "src/a/b/c.c", true},
		{[]string{"src/**/*.c"}, "lib/a.c", false},
		{[]string{"**/*.c", "!third_party/**"}, "third_party/z/a.c", false},
		{[]string{"**/*.c", "!third_party/**"}, "main.c", true},
		{[]string{"*.c"}, "sub/a.c", false},
		{[]string{"src/**"}, "src/x/y.txt", true},
	}
	for _, tt := range tests {
		if got := matchGlobs(tt.globs, tt.name); got != tt.want {
			t.Errorf("matchGlobs(%q, %q) = %v, want %v", tt.globs, tt.name, got, tt.want)
		}
	}
}

// TestScanPathological scans large repetitive inputs; each used to take
// quadratic time in some version of the scanner, which shows up here as
// a test that takes minutes instead of milliseconds.
func TestScanPathological(t *testing.T) {
	for _, unit := range []string{"x = {} ", "struct {} ", "int f(a) int a;", "(", "{", "}", "a ",
		"#if X\na\n#else\n", "f(x)\n\n", "int (*(*(*f)))", "extern \"C\" {\n"} {
		Scan([]byte(strings.Repeat(unit, 128<<10/len(unit))))
	}
}
