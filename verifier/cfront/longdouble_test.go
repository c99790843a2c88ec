package cfront_test

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
)

// TestLongDoubleLayout checks long double's size and alignment, and a
// struct holding one, in both data models: gcc must accept the program's
// static assertions (compiling only, with -m32 for ILP32, which needs no
// IA-32 kernel support as running would), and the front end must lay the
// types out as they say.
func TestLongDoubleLayout(t *testing.T) {
	for _, tc := range []struct {
		model                          ir.DataModel
		size, align, ssize, offX, offI int64
	}{
		{ir.LP64, 16, 16, 48, 16, 32},
		{ir.ILP32, 12, 4, 20, 4, 16},
	} {
		t.Run(tc.model.String(), func(t *testing.T) {
			src := fmt.Sprintf(`struct s { char c; long double x; int i; };
struct s g;
long double a[3];
_Static_assert(sizeof(long double) == %d, "size");
_Static_assert(_Alignof(long double) == %d, "align");
_Static_assert(sizeof(struct s) == %d, "struct");
_Static_assert(__builtin_offsetof(struct s, x) == %d, "x");
_Static_assert(__builtin_offsetof(struct s, i) == %d, "i");
`, tc.size, tc.align, tc.ssize, tc.offX, tc.offI)
			args := []string{"-std=gnu11", "-S", "-o", "/dev/null", "-x", "c", "-"}
			if tc.model == ir.ILP32 {
				args = append([]string{"-m32"}, args...)
			}
			cmd := exec.Command("gcc", args...)
			cmd.Stdin = strings.NewReader(src)
			if out, err := cmd.CombinedOutput(); err != nil {
				if tc.model == ir.ILP32 && !strings.Contains(string(out), "static assertion") {
					t.Skipf("gcc -m32 -S does not work here: %v", err)
				}
				t.Fatalf("gcc disagrees: %v\n%s", err, out)
			}
			p := cfronttest.Load(t, src, tc.model)
			var st *ir.StructType
			var at *ir.ArrayType
			for _, g := range p.Globals {
				switch g.Name {
				case "g":
					st, _ = g.Type.(*ir.StructType)
				case "a":
					at, _ = g.Type.(*ir.ArrayType)
				}
			}
			if st == nil || at == nil {
				t.Fatalf("globals g and a not found")
			}
			ld := st.Fields[st.FieldIndex("x")]
			if got := ld.Type.Size(); got != tc.size {
				t.Errorf("long double size %d, want %d", got, tc.size)
			}
			if got := ld.Type.Align(); got != tc.align {
				t.Errorf("long double alignment %d, want %d", got, tc.align)
			}
			if st.Size() != tc.ssize || ld.Offset != tc.offX || st.Fields[st.FieldIndex("i")].Offset != tc.offI {
				t.Errorf("layout %s, want size %d, x at %d, i at %d", st.Describe(), tc.ssize, tc.offX, tc.offI)
			}
			if at.Size() != 3*tc.size {
				t.Errorf("long double[3] has %d bytes, want %d", at.Size(), 3*tc.size)
			}
		})
	}
}
