package cfront

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

func TestNestScan(t *testing.T) {
	deep := func(open string, n int) string { return strings.Repeat(open, n) }
	tests := []struct {
		name, src string
		line, col int // 0: within the limit
	}{
		{"parens", "int x =\n  " + deep("(", 1001) + "1;", 2, 1003},
		{"at the limit", "int x = " + deep("(", 1000) + "1" + deep(")", 1000) + ";", 0, 0},
		{"mixed", "void f(void) " + deep("{", 500) + deep("a[", 500) + "(", 1, 14 + 500 + 1000},
		{"balanced, long", strings.Repeat("int f(void) { return (1); }\n", 5000), 0, 0},
		{"line comment", "// " + deep("(", 2000) + "\nint x;", 0, 0},
		{"block comment", "/* " + deep("(", 2000) + "\n" + deep("{", 2000) + " */ int x;", 0, 0},
		{"string", `char *s = "` + deep("(", 2000) + `\"(";`, 0, 0},
		{"char", strings.Repeat("char c = '(';\n", 2000) + `char d = '\'';` + "\n", 0, 0},
		{"unterminated quote ends at the line", "#error don't\n" + strings.Repeat("int x = (1);\n", 2000), 0, 0},
		{"define", strings.Repeat("#define L ((((((((((\n", 2000), 0, 0},
		{"define, continued", "#define L (((((\\\n(((((\nint x;\n" + deep("(", 1001), 4, 1001},
		{"code after a comment is code", "/* c */ " + deep("(", 1001), 1, 9 + 1000},
		{"directive after a comment", "/* c */ #define L " + deep("(", 600) + "\n" + deep("(", 600), 0, 0},
		{"deep directive", "#define L " + deep("(", 1001), 1, 1011},
		{"closers never go below zero", deep(")", 5000) + "\n" + deep("(", 1001), 2, 1001},
	}
	for _, tt := range tests {
		pos, found := deepNesting([]byte(tt.src), "f.c", MaxNesting)
		want := ir.Pos{File: "f.c", Line: tt.line, Col: tt.col}
		if tt.line == 0 {
			if found {
				t.Errorf("%s: found %v, want nothing", tt.name, pos)
			}
			continue
		}
		if !found || pos != want {
			t.Errorf("%s: got %v %v, want %v", tt.name, pos, found, want)
		}
	}
}

// TestNestLoad checks that 100,000 nested parentheses, which would crash
// cc/v4's parser, are a clean error, with a Sandbox and without.
func TestNestLoad(t *testing.T) {
	src := "int main(void) {\n\treturn " + strings.Repeat("(", 100_000) + "0" + strings.Repeat(")", 100_000) + ";\n}\n"
	sb, err := NewSandbox(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, box := range []*Sandbox{nil, sb} {
		start := time.Now()
		_, err := Load(context.Background(), Config{Sandbox: box}, Source{Name: "deep.c", Text: []byte(src)})
		var e *Error
		if !errors.As(err, &e) || e.Error() != "deep.c:2:1008: nesting deeper than 1000 levels" {
			t.Errorf("sandbox %v: got %v, want deep.c:2:1008 (the 1000th parenthesis in the function's braces): nesting deeper than 1000 levels", box != nil, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("took %v", d)
		}
	}
}

// TestNestOverflowDepth measures how deeply nested parentheses cc/v4 parses
// before it overflows the default 1 GB goroutine stack, a fatal error, in a
// child process each. It takes a minute and 1 GB of memory: set
// PRBMC_NEST_MEASURE=1. Measured with cc/v4 v4.34.0 on amd64: 90,156 parse
// (11 s, 1 GB resident), 93,125 crash; so do 100,000 parentheses produced
// by a macro (`#define L ((((((((((` used 10,000 times), which the nesting
// check, reading the text, does not see.
func TestNestOverflowDepth(t *testing.T) {
	if os.Getenv("PRBMC_NEST_MEASURE") == "" {
		t.Skip("set PRBMC_NEST_MEASURE=1 to measure (a minute, 1 GB)")
	}
	crashes := func(n int, macro bool) bool {
		cmd := exec.Command(os.Args[0], "-test.run=^TestNestChild$")
		cmd.Env = append(os.Environ(), "PRBMC_NEST_CHILD="+strconv.Itoa(n), fmt.Sprintf("PRBMC_NEST_MACRO=%v", macro))
		out, err := cmd.CombinedOutput()
		crashed := strings.Contains(string(out), "stack overflow")
		if err != nil && !crashed {
			t.Fatalf("depth %d: %v\n%.2000s", n, err, out)
		}
		return crashed
	}
	lo, hi := 10_000, 200_000 // parses, crashes
	if crashes(lo, false) || !crashes(hi, false) {
		t.Fatalf("the overflow is not between %d and %d", lo, hi)
	}
	for hi-lo > 5_000 {
		mid := (lo + hi) / 2
		if crashes(mid, false) {
			hi = mid
		} else {
			lo = mid
		}
	}
	t.Logf("cc/v4 parses %d nested parentheses and overflows the stack at %d", lo, hi)
	t.Logf("100,000 parentheses from a macro crash: %v", crashes(100_000, true))
}

// TestNestChild is TestNestOverflowDepth's child: it parses
// $PRBMC_NEST_CHILD nested parentheses with cc/v4, without the nesting check.
func TestNestChild(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PRBMC_NEST_CHILD"))
	if n == 0 {
		t.Skip("run by TestNestOverflowDepth")
	}
	fe, err := newFrontend(Config{})
	if err != nil {
		t.Fatal(err)
	}
	body := strings.Repeat("(", n) + "0" + strings.Repeat(")", n)
	if os.Getenv("PRBMC_NEST_MACRO") == "true" {
		body = strings.Repeat("L ", n/10) + "0" + strings.Repeat(" R", n/10)
	}
	src := "#define L ((((((((((\n#define R ))))))))))\nint main(void) { return " + body + "; }\n"
	_, err = translate(fe.cfg, []cc.Source{
		{Name: "<predefined>", Value: fe.cfg.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: "deep.c", Value: src},
	})
	fmt.Println("parsed", n, err)
}

// BenchmarkNestScan measures the nesting check on 1 MB of C (the library
// model, repeated).
func BenchmarkNestScan(b *testing.B) {
	var src []byte
	for len(src) < 1<<20 {
		src = append(src, libcModel...)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, deep := deepNesting(src, "x.c", MaxNesting); deep {
			b.Fatal("deep")
		}
	}
}
