package cfront_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/ir"
)

// fuzzSeeds are malformed or odd inputs the front end must survive.
var fuzzSeeds = []string{
	"",
	"/* unterminated comment",
	"int f( {",
	"int main(void) { return 0; }",
	`#include "nonexistent.h"
int main(void) { return 0; }`,
	"#if 1\nint x;\n",
	"int main(void) { int a[3] = {1, 2, 3, 4}; return a[5]; }",
	"struct s; int main(void) { struct s *p = 0; return p->x; }",
	"int main(void) { goto l; { int x; l: return x; } }",
	"int main(void) { switch (1) { case 1: ; int y = 2; default: return y; } }",
	"int g = g + 1; int main(void) { return g; }",
	"int main(void) { int n = 3; int v[n][n]; v[1][2] = 4; return sizeof v; }",
	"int f(int (*p)(int)) { return p(1); } int main(void) { return f(0); }",
	"int main(void) { char *s = \"abc\" \"\\x00\\777\"; return s[2]; }",
	"_Static_assert(0, \"no\");",
	"int main(void) { return 1 / 0 + (1 << 40) + sizeof(void); }",
	"long double x = 1.0L; int main(void) { return (int)x; }",
	"int main(void) { __label__ a; a: ; void *p = &&a; goto *p; }",
	"int main(void) { return ({ int q = 4; q; }) ; }",
	"#define A(x) A(x) x\nint main(void) { return A(1); }",
	"int main(void) { struct { int a : 3; } b; b.a = 1; return b.a; }",
	"int main(){return main;}",
	"\x00\x01\xff\xfe#\x80int\x00",
	"int main(void) { int x; __asm__(\"nop\"); return x; }",
	"int f(); int main(void) { return f(1, 2.0, \"x\"); }",
	"enum e { A = 1 << 31, B }; int main(void) { return B; }",
	"int a[] = { [100000000] = 1 }; int main(void) { return a[0]; }",
	"int main(void) { for (;;) { continue; } }",
	"int main(void) { break; continue; case 1: return 0; }",
	// cc/v4 looped forever on these (type qualifiers at the end of input).
	"*",
	"int *;",
	"int * const",
	"int a[const",
	"int f(int *",
	"int x = 1; int *",
}

func nested(open, mid, close string, n int) string {
	return "int main(void) { return " + strings.Repeat(open, n) + mid + strings.Repeat(close, n) + "; }"
}

// FuzzLoad feeds arbitrary bytes to the front end as a C file: it must
// return a program or an error, never panic, and a program it returns must
// pass the IR sanity checks and print.
func FuzzLoad(f *testing.F) {
	for _, name := range []string{"001_int_arith.c", "030_ptr_struct_members.c", "053_comma_op.c",
		"061_switch_fallthrough.c", "064_goto.c", "087_compound_literals.c", "069_static_locals.c"} {
		b, err := os.ReadFile(filepath.Join("../../testdata/cprogs", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	// Exponential macro expansion: stopped by cfront's expansion limit.
	bomb := "#define M0 1+\n"
	for i := 1; i < 40; i++ {
		bomb += fmt.Sprintf("#define M%d M%d M%d\n", i, i-1, i-1)
	}
	f.Add([]byte(bomb + "int x = M39 1;\n"))
	f.Add([]byte(nested("(", "1", ")", 2000)))
	f.Add([]byte("int main(void) " + strings.Repeat("{", 1000) + strings.Repeat("}", 1000)))
	f.Add([]byte(nested("-", "1", "", 2000)))
	f.Add([]byte("int main(void) { int x = 0; " + strings.Repeat("if (x) ", 500) + "x++; return x; }"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		// A nil Text means "read the file": always pass the bytes.
		src := cfront.Source{Name: "fuzz.c", Text: append([]byte{}, data...)}
		prog, err := cfront.Load(ctx, cfront.Config{Cache: &hostConfig}, src)
		if err != nil {
			return
		}
		if err := ir.CheckProgram(prog.IR); err != nil {
			t.Fatalf("sanity: %v", err)
		}
		if err := ir.Fprint(io.Discard, prog.IR, true); err != nil {
			t.Fatalf("print: %v", err)
		}
	})
}
