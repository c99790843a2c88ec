package cfront_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/ir"
)

// genProgram writes a deterministic C file of about lines lines: structs,
// global tables and functions with loops, arrays, switches, pointers and
// calls, in the proportions of ordinary application code.
func genProgram(lines int) []byte {
	var b bytes.Buffer
	nl := 0
	w := func(format string, args ...any) {
		s := fmt.Sprintf(format, args...)
		nl += strings.Count(s, "\n")
		b.WriteString(s)
	}
	w("#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n")
	w("struct point { int x, y; };\n")
	w("struct rec { int id; long total; unsigned char tag[8]; struct point pos; struct rec *next; };\n")
	w("union word { unsigned u; float f; unsigned char b[4]; };\n")
	w("enum mode { M_ADD, M_SUB, M_MUL, M_XOR, M_SHIFT, M_LAST };\n\n")
	w("static int table[64] = { 1, 2, 3, 5, 8, 13, 21, 34 };\nstatic struct rec pool[16];\nconst char *names[] = { \"alpha\", \"beta\", \"gamma\" };\n\n")
	// A linear congruential generator keeps the variations deterministic.
	seed := uint32(12345)
	rnd := func(n int) int {
		seed = seed*1103515245 + 12345
		return int(seed>>16) % n
	}
	n := 0
	for nl+n+n/4+10 < lines { // main takes about 1.25 lines per function
		n++
		switch n % 4 {
		case 0:
			w("static int f%d(int *a, int len, int k) {\n", n)
			w("\tint s = 0, i;\n\tfor (i = 0; i < len; i++) {\n")
			w("\t\tif (a[i] %% %d == 0)\n\t\t\tcontinue;\n", rnd(7)+2)
			w("\t\ts += a[i] * k + %d;\n", rnd(100))
			w("\t\tif (s > %d)\n\t\t\tbreak;\n\t}\n", 1000+rnd(10000))
			w("\twhile (k > 0) {\n\t\ts ^= k << %d;\n\t\tk >>= 1;\n\t}\n", rnd(5))
			w("\treturn s;\n}\n\n")
		case 1:
			w("long f%d(struct rec *r, enum mode m) {\n", n)
			w("\tlong acc = r->id;\n\tint j;\n")
			w("\tfor (j = 0; j < 8; j++) {\n\t\tswitch (m) {\n")
			w("\t\tcase M_ADD: acc += r->tag[j]; break;\n")
			w("\t\tcase M_SUB: acc -= r->tag[j] + %d; break;\n", rnd(9))
			w("\t\tcase M_MUL: acc *= %d; break;\n", rnd(5)+1)
			w("\t\tcase M_XOR: acc ^= (long)j << %d; /* fall through */\n", rnd(8))
			w("\t\tdefault: acc = acc / 3 + r->pos.x - r->pos.y;\n\t\t}\n\t}\n")
			w("\tif (r->next != NULL && acc > %d)\n\t\tacc += r->next->total;\n", rnd(500))
			w("\tr->total = acc;\n\treturn acc;\n}\n\n")
		case 2:
			w("struct point f%d(const struct point *p, int n) {\n", n)
			w("\tstruct point q = { 0, 0 };\n\tint grid[4][4];\n\tint i, j;\n")
			w("\tmemset(grid, 0, sizeof grid);\n")
			w("\tfor (i = 0; i < 4; i++)\n\t\tfor (j = 0; j < 4; j++)\n\t\t\tgrid[i][j] = i * %d + j - n;\n", rnd(6)+1)
			w("\tdo {\n\t\tq.x += p->x + grid[n & 3][%d];\n\t\tq.y -= p->y;\n\t\tn--;\n\t} while (n > 0);\n", rnd(4))
			w("\tif (q.x < q.y) {\n\t\tint t = q.x;\n\t\tq.x = q.y;\n\t\tq.y = t;\n\t}\n")
			w("\treturn q;\n}\n\n")
		case 3:
			w("unsigned f%d(unsigned x, const char *s) {\n", n)
			w("\tunion word u;\n\tunsigned h = %du;\n\tsize_t i, len = strlen(s);\n", rnd(1<<16))
			w("\tint *buf = malloc(%d * sizeof *buf);\n", rnd(16)+4)
			w("\tif (!buf)\n\t\treturn 0;\n")
			w("\tfor (i = 0; i < len; i++)\n\t\th = h * 31u + (unsigned char)s[i];\n")
			w("\tu.u = h ^ x;\n\th += u.b[%d];\n", rnd(4))
			w("\tbuf[0] = (int)h;\n\tx = x > 10 ? x - table[x & 63] : x + 1;\n")
			w("\th = h ^ (unsigned)buf[0] ^ x;\n\tfree(buf);\n")
			if n > 4 {
				w("\th += (unsigned)f%d((int *)table, %d, (int)(h & 7));\n", n-n%4, rnd(64))
			}
			w("\treturn h;\n}\n\n")
		}
	}
	w("int main(void) {\n\tlong sum = 0;\n\tstruct point p = { 1, 2 };\n\tstruct point r;\n")
	w("\tpool[0].next = &pool[1];\n")
	for i := 1; i <= n; i++ {
		switch i % 4 {
		case 0:
			w("\tsum += f%d(table, 64, %d);\n", i, rnd(9))
		case 1:
			w("\tsum += f%d(&pool[%d], (enum mode)%d);\n", i, rnd(16), rnd(5))
		case 2:
			w("\tr = f%d(&p, %d);\n\tsum += r.x;\n", i, rnd(4)+1)
		case 3:
			w("\tsum += f%d(%du, names[%d]);\n", i, rnd(1000), rnd(3))
		}
	}
	w("\tprintf(\"%%ld\\n\", sum);\n\treturn 0;\n}\n")
	return b.Bytes()
}

// BenchmarkLoad10k lowers a generated 10,000-line C file. Besides ns/op it
// reports lines/s, the bytes allocated per load and the process's peak
// resident size (VmHWM). Target: under 1 s and 200 MB.
func BenchmarkLoad10k(b *testing.B) {
	src := genProgram(10_000)
	lines := bytes.Count(src, []byte("\n"))
	ctx := context.Background()
	// One load outside the timing checks the input and warms the caches
	// every Load pays for anyway (the host compiler's macros, headers).
	prog, err := cfront.Load(ctx, cfront.Config{Cache: &hostConfig}, cfront.Source{Name: "gen10k.c", Text: src})
	if err != nil {
		b.Fatal(err)
	}
	if len(prog.Unsupported) > 0 {
		b.Fatalf("generated program uses unsupported constructs: %v", prog.Unsupported[0])
	}
	if err := ir.CheckProgram(prog.IR); err != nil {
		b.Fatal(err)
	}
	prog = nil
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for b.Loop() {
		if _, err := cfront.Load(ctx, cfront.Config{Cache: &hostConfig}, cfront.Source{Name: "gen10k.c", Text: src}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	perOp := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(lines)/perOp, "lines/s")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/(1<<20), "alloc-MB/op")
	if hwm := vmHWM(); hwm > 0 {
		b.ReportMetric(float64(hwm)/(1<<20), "peakRSS-MB")
	}
}

// vmHWM is the process's peak resident set size in bytes (Linux), or 0.
func vmHWM() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}
