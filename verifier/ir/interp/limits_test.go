package interp

import (
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// expectLimit runs main and wants a MemoryLimit stop whose message has
// want.
func expectLimit(t *testing.T, b *pb, opts Options, want string) *Result {
	t.Helper()
	res, _ := runMain(t, b, opts)
	if res.Status != MemoryLimit || !strings.Contains(res.Message, want) {
		t.Fatalf("got %v %q, want memory-limit with %q", res.Status, res.Message, want)
	}
	return res
}

// A 1 TiB global (static char big[1L<<40]) stops the run before anything
// is allocated.
func TestLimitHugeGlobal(t *testing.T) {
	b := newPB(ir.LP64)
	big := b.global("big", b.arr(b.std.Char, 1<<40))
	f := b.mainFn()
	f.assign(b.index(b.ref(big), b.i32(5)), b.c(b.std.Char, 1))
	f.ret(b.i32(0))
	f.done()
	expectLimit(t, b, Options{}, "object big of 1099511627776 bytes exceeds the interpreter's limit of 268435456 bytes per object")
}

func TestLimitHugeLocal(t *testing.T) {
	b := newPB(ir.LP64)
	f := b.mainFn()
	a := f.local("a", b.arr(b.std.Int, 1<<38))
	f.assign(b.index(b.ref(a), b.i32(5)), b.i32(1))
	f.ret(b.i32(0))
	f.done()
	expectLimit(t, b, Options{Inputs: &seqSource{}}, "object a of 1099511627776 bytes exceeds")
}

// The bounds are Options: one byte over MaxObjectBytes stops, the bound
// itself runs.
func TestLimitObjectOption(t *testing.T) {
	for _, n := range []int64{1000, 1001} {
		b := newPB(ir.LP64)
		g := b.global("g", b.arr(b.std.Char, n))
		f := b.mainFn()
		f.assign(b.index(b.ref(g), b.i32(5)), b.c(b.std.Char, 1))
		f.ret(b.i32(0))
		f.done()
		res, _ := runMain(t, b, Options{MaxObjectBytes: 1000})
		if want := map[int64]Status{1000: Exited, 1001: MemoryLimit}[n]; res.Status != want {
			t.Errorf("%d bytes: %v %q, want %v", n, res.Status, res.Message, want)
		}
	}
}

// heapLoop mallocs 64 KiB 100 times, freeing each block or not.
func heapLoop(free bool) *pb {
	b := newPB(ir.LP64)
	f := b.mainFn()
	i := f.local("i", b.std.Int)
	p := f.local("p", b.ptr(b.std.Char))
	f.set(i, b.i32(0))
	f.label("loop")
	f.gotoIf(b.bin(ir.Ge, b.ref(i), b.i32(100)), "end")
	f.builtin(b.ref(p), ir.BMalloc, b.sz(64<<10))
	if free {
		f.builtin(nil, ir.BFree, b.ref(p))
	}
	f.set(i, b.bin(ir.Add, b.ref(i), b.i32(1)))
	f.jump("loop")
	f.label("end")
	f.ret(b.i32(0))
	f.done()
	return b
}

// MaxMemoryBytes counts the live heap: freed blocks give their bytes back.
func TestLimitHeapTotal(t *testing.T) {
	opts := Options{MaxMemoryBytes: 1 << 20}
	res := expectLimit(t, heapLoop(false), opts, "heap block of 65536 bytes would take the interpreter's memory to")
	if !strings.Contains(res.Message, "over its limit of 1048576") {
		t.Errorf("message %q", res.Message)
	}
	if res, _ := runMain(t, heapLoop(true), opts); res.Status != Exited {
		t.Errorf("with free: %v %q", res.Status, res.Message)
	}
	if res, _ := runMain(t, heapLoop(false), Options{}); res.Status != Exited {
		t.Errorf("default limits: %v %q", res.Status, res.Message)
	}
	if res, _ := runMain(t, heapLoop(false), Options{MaxMemoryBytes: -1}); res.Status != Exited {
		t.Errorf("no limit: %v %q", res.Status, res.Message)
	}
}

// rec builds main calling rec(depth) whose frame holds a 4 KiB array.
func recursion(depth int64) *pb {
	b := newPB(ir.LP64)
	n := pv("n", b.std.Int)
	g := b.fn("rec", b.std.Int, n)
	a := g.local("a", b.arr(b.std.Char, 4096))
	g.assign(b.index(b.ref(a), b.i32(0)), b.c(b.std.Char, 1))
	g.gotoIf(b.bin(ir.Le, b.ref(n), b.i32(0)), "out")
	g.call(nil, g.f, b.bin(ir.Sub, b.ref(n), b.i32(1)))
	g.label("out")
	g.ret(b.i32(0))
	g.done()
	f := b.mainFn()
	// Twice in a row: the frames of the first calls are given back.
	f.call(nil, g.f, b.i32(depth))
	f.call(nil, g.f, b.i32(depth))
	f.ret(b.i32(0))
	f.done()
	return b
}

// Frames count while their call is active.
func TestLimitFrames(t *testing.T) {
	opts := Options{MaxMemoryBytes: 1 << 20}
	if res, _ := runMain(t, recursion(200), opts); res.Status != Exited {
		t.Fatalf("200 deep: %v %q", res.Status, res.Message)
	}
	expectLimit(t, recursion(1000), opts, "the locals of rec of 4097 bytes would take")
}

// noSource fails the test if asked for a value.
type noSource struct{ t *testing.T }

func (s noSource) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	s.t.Errorf("asked for %s of %d bytes", why, t.Size())
	return make([]byte, t.Size()), nil
}

// A parameter of the entry larger than an object may be is refused
// before the source is asked for it (a replay's source would allocate
// it).
func TestLimitInput(t *testing.T) {
	b := newPB(ir.LP64)
	big := b.strct("struct big", false, "b", b.arr(b.std.Char, 1<<40))
	f := b.fn("f", b.std.Int, pv("s", big))
	f.ret(b.i32(0))
	f.done()
	res, _ := b.run(t, "f", Options{Inputs: noSource{t}})
	if res.Status != MemoryLimit || !strings.Contains(res.Message, "the value of parameter s of 1099511627776 bytes exceeds") {
		t.Fatalf("got %v %q", res.Status, res.Message)
	}
}
