package interp

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// printf argument kinds for the tests, each mapped to a C type and an IR
// expression.
type (
	cInt    int32
	cUInt   uint32
	cLong   int64
	cULong  uint64
	cLL     int64
	cULL    uint64
	cDouble float64
	cStr    string
	cNull   struct{}
)

type pcase struct {
	format string
	args   []any
	want   string
}

// Verified against glibc 2.36 (gcc 12, x86-64).
var printfTable = []pcase{
	{"%d|%i|%5d|%-5d|%05d|%+d|% d", []any{cInt(42), cInt(-42), cInt(42), cInt(42), cInt(-42), cInt(42), cInt(42)}, "42|-42|   42|42   |-0042|+42| 42"},
	{"%.3d|%.0d|%.0d|%8.3d|%-8.3d|%08.3d", []any{cInt(7), cInt(0), cInt(1), cInt(-7), cInt(7), cInt(7)}, "007||1|    -007|007     |     007"},
	{"%u|%x|%X|%o|%#x|%#X|%#o|%#o|%#x", []any{cUInt(4294967295), cUInt(255), cUInt(255), cUInt(8), cUInt(255), cUInt(255), cUInt(8), cUInt(0), cUInt(0)}, "4294967295|ff|FF|10|0xff|0XFF|010|0|0"},
	{"%#.0o|%#.0x|%#5x|%#05x|%#-6o|", []any{cUInt(0), cUInt(0), cUInt(10), cUInt(10), cUInt(8)}, "0||  0xa|0x00a|010   |"},
	{"%hhd|%hhu|%hd|%hu|%hhx", []any{cInt(200), cInt(-1), cInt(40000), cInt(-1), cInt(0x1ff)}, "-56|255|-25536|65535|ff"},
	{"%ld|%lu|%lld|%llu|%lx", []any{cLong(math.MinInt64), cULong(math.MaxUint64), cLL(-1), cULL(1 << 63), cLong(-1)}, "-9223372036854775808|18446744073709551615|-1|9223372036854775808|ffffffffffffffff"},
	{"%zu|%zd|%zx|%jd|%td", []any{cULong(123), cLong(-5), cULong(255), cLL(1 << 40), cLong(-3)}, "123|-5|ff|1099511627776|-3"},
	{"%c%c%c|%3c|%-3c|", []any{cInt('a'), cInt('b' + 256), cInt('c'), cInt('x'), cInt('y')}, "abc|  x|y  |"},
	{"%s|%5s|%-5s|%.2s|%7.3s|%s", []any{cStr("hey"), cStr("ab"), cStr("ab"), cStr("hello"), cStr("hello"), cStr("")}, "hey|   ab|ab   |he|    hel|"},
	{"%s|%.3s|%10s", []any{cNull{}, cNull{}, cNull{}}, "(null)||    (null)"},
	{"%p|%5p|", []any{cNull{}, cNull{}}, "(nil)|(nil)|"},
	{"100%%|%5%|%-5d%%", []any{cInt(3)}, "100%|%|3    %"},
	{"%*d|%-*d|%*d|%.*d|%.*d|%*.*f", []any{cInt(5), cInt(1), cInt(4), cInt(2), cInt(-4), cInt(3), cInt(3), cInt(7), cInt(-1), cInt(7), cInt(8), cInt(2), cDouble(3.14159)}, "    1|2   |3   |007|7|    3.14"},
	{"%f|%.2f|%.0f|%.0f|%.0f|%#.0f|%10.3f|%-10.3f|%010.3f|%+.1f|% .1f", []any{cDouble(3.14159), cDouble(2.675), cDouble(0.5), cDouble(1.5), cDouble(2.5), cDouble(5), cDouble(-3.14159), cDouble(3.14159), cDouble(-3.14159), cDouble(2), cDouble(2)}, "3.141590|2.67|0|2|2|5.|    -3.142|3.142     |-00003.142|+2.0| 2.0"},
	{"%.2f %.2f %.2f %.3f %.3f %.17f", []any{cDouble(0.125), cDouble(0.375), cDouble(0.135), cDouble(1.0005), cDouble(999.9995), cDouble(0.1)}, "0.12 0.38 0.14 1.000 1000.000 0.10000000000000001"},
	{"%e|%E|%.0e|%#.0e|%.2e|%12.4e|%e|%e", []any{cDouble(12345.678), cDouble(0.000123), cDouble(12345), cDouble(12345), cDouble(0.000123), cDouble(-98765.4321), cDouble(0), cDouble(1e-300)}, "1.234568e+04|1.230000E-04|1e+04|1.e+04|1.23e-04| -9.8765e+04|0.000000e+00|1.000000e-300"},
	{"%g|%g|%g|%g|%g|%g|%g|%g", []any{cDouble(0), cDouble(100000), cDouble(1000000), cDouble(1e-4), cDouble(1e-5), cDouble(123456789), cDouble(0.0001234), cDouble(1e15)}, "0|100000|1e+06|0.0001|1e-05|1.23457e+08|0.0001234|1e+15"},
	{"%.1g|%.3g|%.10g|%.0g|%#g|%#.3g|%#.1g|%G|%g", []any{cDouble(0.0456), cDouble(1234567), cDouble(1.0 / 3), cDouble(25), cDouble(1), cDouble(2), cDouble(2), cDouble(1e-20), cDouble(999999.5)}, "0.05|1.23e+06|0.3333333333|2e+01|1.00000|2.00|2.|1E-20|1e+06"},
	{"%g|%g|%.3g|%10.4g|%-10.2g|%+g|%g", []any{cDouble(9.9999994), cDouble(0.00001), cDouble(99.95), cDouble(3.14159), cDouble(314.159), cDouble(5), cDouble(math.Copysign(0, -1))}, "10|1e-05|100|     3.142|3.1e+02   |+5|-0"},
	{"%f|%e|%g|%F|%E|%G|%5f|%-6f|%+f|%05f", []any{cDouble(math.Inf(1)), cDouble(math.Inf(-1)), cDouble(math.NaN()), cDouble(math.Inf(1)), cDouble(math.NaN()), cDouble(math.Inf(-1)), cDouble(math.Inf(1)), cDouble(math.NaN()), cDouble(math.Inf(1)), cDouble(math.Inf(-1))}, "inf|-inf|nan|INF|NAN|-INF|  inf|nan   |+inf| -inf"},
	{"%a|%a|%a|%A|%.2a|%.0a|%a|%a|%#a", []any{cDouble(1), cDouble(0.5), cDouble(1.5), cDouble(255), cDouble(1.999), cDouble(1.5), cDouble(0), cDouble(5e-324), cDouble(1)}, "0x1p+0|0x1p-1|0x1.8p+0|0X1.FEP+7|0x2.00p+0|0x2p+0|0x0p+0|0x0.0000000000001p-1022|0x1.p+0"},
	{"%.0f|%.0f|%f|%.3e", []any{cDouble(1e300), cDouble(123456789012345678), cDouble(math.Copysign(0, -1)), cDouble(9.9995)}, "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160|123456789012345680|-0.000000|9.999e+00"},
	{"%0-5d|%-05d|%+ d|% +d|%+u|% x", []any{cInt(1), cInt(2), cInt(3), cInt(4), cUInt(5), cUInt(6)}, "1    |2    |+3|+4|5|6"},
	{"%5.1f%%|%9.2f|%.10f|%.9f", []any{cDouble(45.67), cDouble(-1234.5), cDouble(0.1), cDouble(0.1)}, " 45.7%| -1234.50|0.1000000000|0.100000000"},
	{"%#g|%#.2g|%#.3g|%#10.3G|%#.3g|%#g", []any{cDouble(999999.5), cDouble(99.5), cDouble(999.95), cDouble(999.95), cDouble(999999.5), cDouble(9999995)}, "1.e+06|1.e+02|1.e+03|    1.E+03|1.00e+06|1.00000e+07"},
	{"%y|%", []any{}, "%y|%"},
}

// cLiteral renders an argument as a C expression, and irArg as IR.
func cLiteral(a any) string {
	switch a := a.(type) {
	case cInt:
		return signedLiteral(int64(a), math.MinInt32, "(int)", "")
	case cUInt:
		return fmt.Sprintf("%du", a)
	case cLong:
		return signedLiteral(int64(a), math.MinInt64, "", "L")
	case cULong:
		return fmt.Sprintf("%duL", a)
	case cLL:
		return signedLiteral(int64(a), math.MinInt64, "", "LL")
	case cULL:
		return fmt.Sprintf("%duLL", a)
	case cDouble:
		f := float64(a)
		switch {
		case math.IsInf(f, 1):
			return "__builtin_inf()"
		case math.IsInf(f, -1):
			return "(-__builtin_inf())"
		case math.IsNaN(f) && math.Signbit(f):
			return "(-__builtin_nan(\"\"))"
		case math.IsNaN(f):
			return "__builtin_nan(\"\")"
		case f == 0 && math.Signbit(f):
			return "(-0.0)"
		}
		return strconv.FormatFloat(f, 'x', -1, 64)
	case cStr:
		return strconv.Quote(string(a))
	case cNull:
		return "(void*)0"
	}
	panic(fmt.Sprintf("bad arg %T", a))
}

// signedLiteral is v as a C literal of the signed type whose least value
// is min, cast and suffix saying the type. C has no negative literals and
// -min does not fit the type, so min is written as (min+1 - 1).
func signedLiteral(v, min int64, cast, suffix string) string {
	if v == min {
		return fmt.Sprintf("(%d%s-1)", min+1, suffix)
	}
	return fmt.Sprintf("%s%d%s", cast, v, suffix)
}

func irArg(b *pb, a any) ir.Expr {
	s := b.std
	switch a := a.(type) {
	case cInt:
		return b.i32(int64(a))
	case cUInt:
		return b.u32(int64(a))
	case cLong:
		return b.c(s.Long, int64(a))
	case cULong:
		return &ir.Const{T: s.ULong, Bits: uint64(a)}
	case cLL:
		return b.c(s.LongLong, int64(a))
	case cULL:
		return &ir.Const{T: s.ULLong, Bits: uint64(a)}
	case cDouble:
		return b.f64(float64(a))
	case cStr:
		return b.str(string(a))
	case cNull:
		return b.null(ir.Void)
	}
	panic(fmt.Sprintf("bad arg %T", a))
}

const sentinel = "\x01\x02\x03\n"

// runPrintfs prints every case through the interpreter, separated by the
// sentinel, and returns the outputs.
func runPrintfs(t *testing.T, cases []pcase) []string {
	t.Helper()
	b := newPB(ir.LP64)
	f := b.mainFn()
	for _, c := range cases {
		var args []ir.Expr
		for _, a := range c.args {
			args = append(args, irArg(b, a))
		}
		f.printf(c.format, args...)
		f.printf(sentinel)
	}
	f.ret(b.i32(0))
	f.done()
	res, out := runMain(t, b, Options{})
	if res.Status != Exited {
		t.Fatalf("printf program: %v %s at %v", res.Status, res.Message, res.Pos)
	}
	parts := strings.Split(out, sentinel)
	return parts[:len(parts)-1]
}

func TestPrintfTable(t *testing.T) {
	got := runPrintfs(t, printfTable)
	if len(got) != len(printfTable) {
		t.Fatalf("%d outputs for %d cases", len(got), len(printfTable))
	}
	for i, c := range printfTable {
		if got[i] != c.want {
			t.Errorf("printf(%q): got %q, want %q", c.format, got[i], c.want)
		}
	}
}

func TestPrintfReturnAndNUL(t *testing.T) {
	b := newPB(ir.LP64)
	f := b.mainFn()
	n := f.local("n", b.std.Int)
	f.builtin(b.ref(n), ir.BPrintf, b.str("a%cb%5d"), b.i32(0), b.i32(42))
	f.ret(b.ref(n))
	f.done()
	res, out := runMain(t, b, Options{})
	if res.Status != Exited || res.ExitCode != 8 || out != "a\x00b   42" {
		t.Fatalf("got %v %d %q", res.Status, res.ExitCode, out)
	}
}

// gccOutputs compiles the cases with gcc and returns their outputs.
func gccOutputs(t *testing.T, cases []pcase) []string {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found")
	}
	var src strings.Builder
	src.WriteString("#include <stdio.h>\nint main(void) {\n")
	for _, c := range cases {
		src.WriteString("printf(" + strconv.Quote(c.format))
		for _, a := range c.args {
			src.WriteString(", " + cLiteral(a))
		}
		src.WriteString(");\nprintf(" + strconv.Quote(sentinel) + ");\n")
	}
	src.WriteString("return 0;\n}\n")
	dir := t.TempDir()
	cfile := filepath.Join(dir, "p.c")
	if err := os.WriteFile(cfile, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "p")
	if out, err := exec.Command(gcc, "-w", "-O0", "-o", bin, cfile).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("running: %v", err)
	}
	parts := strings.Split(string(out), sentinel)
	return parts[:len(parts)-1]
}

func comparePrintf(t *testing.T, cases []pcase) {
	t.Helper()
	want := gccOutputs(t, cases)
	got := runPrintfs(t, cases)
	if len(want) != len(cases) || len(got) != len(cases) {
		t.Fatalf("%d gcc outputs, %d interp outputs, %d cases", len(want), len(got), len(cases))
	}
	bad := 0
	for i, c := range cases {
		if got[i] != want[i] {
			var args []string
			for _, a := range c.args {
				args = append(args, cLiteral(a))
			}
			t.Errorf("printf(%q, %s): got %q, gcc %q", c.format, strings.Join(args, ", "), got[i], want[i])
			if bad++; bad > 20 {
				t.Fatal("too many differences")
			}
		}
	}
}

// TestPrintfTableGCC checks the hard-coded table against the installed gcc.
func TestPrintfTableGCC(t *testing.T) {
	want := gccOutputs(t, printfTable)
	for i, c := range printfTable {
		if i < len(want) && want[i] != c.want {
			t.Errorf("table entry %q: gcc prints %q, table says %q", c.format, want[i], c.want)
		}
	}
}

// TestPrintfRandomGCC compares randomly generated conversions with gcc.
func TestPrintfRandomGCC(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	rng := rand.New(rand.NewSource(1))
	var cases []pcase
	for len(cases) < 3000 {
		cases = append(cases, randomCase(rng))
	}
	comparePrintf(t, cases)
}

func randomCase(rng *rand.Rand) pcase {
	var spec strings.Builder
	var args []any
	spec.WriteByte('%')
	for _, fl := range "-+ 0#" {
		if rng.Intn(5) == 0 {
			spec.WriteRune(fl)
		}
	}
	switch rng.Intn(4) {
	case 1:
		spec.WriteString(strconv.Itoa(rng.Intn(25)))
	case 2:
		spec.WriteByte('*')
		args = append(args, cInt(rng.Intn(41)-20))
	}
	switch rng.Intn(4) {
	case 1:
		spec.WriteString("." + strconv.Itoa(rng.Intn(22)))
	case 2:
		spec.WriteString(".*")
		args = append(args, cInt(rng.Intn(30)-5))
	case 3:
		spec.WriteString(".")
	}
	convs := "diuxXocsfFeEgGaA"
	conv := convs[rng.Intn(len(convs))]
	switch conv {
	case 'd', 'i', 'u', 'x', 'X', 'o':
		mods := []string{"", "hh", "h", "l", "ll", "z", "j", "t"}
		mod := mods[rng.Intn(len(mods))]
		spec.WriteString(mod)
		v := randInt(rng)
		switch mod {
		case "", "hh", "h":
			if conv == 'd' || conv == 'i' {
				args = append(args, cInt(int32(v)))
			} else {
				args = append(args, cUInt(uint32(v)))
			}
		case "l", "z", "t":
			if conv == 'd' || conv == 'i' {
				args = append(args, cLong(v))
			} else {
				args = append(args, cULong(uint64(v)))
			}
		default:
			if conv == 'd' || conv == 'i' {
				args = append(args, cLL(v))
			} else {
				args = append(args, cULL(uint64(v)))
			}
		}
	case 'c':
		args = append(args, cInt(32+rng.Intn(95)))
	case 's':
		s := "hello world"
		args = append(args, cStr(s[:rng.Intn(len(s)+1)]))
	default:
		args = append(args, cDouble(randFloat(rng)))
	}
	spec.WriteByte(conv)
	return pcase{format: "<" + spec.String() + ">", args: args}
}

func randInt(rng *rand.Rand) int64 {
	edges := []int64{0, 1, -1, 7, -7, 127, -128, 255, 32767, -32768, 65535, math.MaxInt32, math.MinInt32, math.MaxUint32, math.MaxInt64, math.MinInt64}
	switch rng.Intn(3) {
	case 0:
		return edges[rng.Intn(len(edges))]
	case 1:
		return rng.Int63n(2000) - 1000
	}
	return int64(rng.Uint64())
}

func randFloat(rng *rand.Rand) float64 {
	edges := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1.5, 2.5, -2.5, 0.125, 0.1, 1e-5, 1e-4, 9.5, 99.5, 999999.5, 1e6, 1e15, 1e16, 1e17, 1e22, 1e300, 5e-324, 2.2250738585072014e-308, math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN(), 123.456, 0.000123456, 9.999999, 0.00009999995}
	switch rng.Intn(4) {
	case 0:
		return edges[rng.Intn(len(edges))]
	case 1:
		return float64(rng.Intn(100000)) / float64(int(1)<<rng.Intn(12))
	case 2:
		return (rng.Float64() - 0.5) * math.Pow(10, float64(rng.Intn(40)-20))
	}
	for {
		f := math.Float64frombits(rng.Uint64())
		if !math.IsNaN(f) {
			return f
		}
	}
}
