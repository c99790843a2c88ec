package smtlib

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/internal/smttest"
)

var bg = context.Background()

// backends are the solvers the tests run on; a missing binary skips.
var backends = []struct {
	name, pkg string
	opts      Options
}{
	{"z3", "z3", Z3()},
	{"cvc5", "cvc5", CVC5()},
}

func forEach(t *testing.T, f func(t *testing.T, opts Options)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			if _, err := exec.LookPath(b.opts.Command[0]); err != nil {
				t.Skipf("%s is not installed (%v); apt-get install %s", b.opts.Command[0], err, b.pkg)
			}
			f(t, b.opts)
		})
	}
}

func newSolver(t *testing.T, opts Options, logic string) *Solver {
	t.Helper()
	opts.Logic = logic
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func must(t *testing.T, err error) { t.Helper(); smttest.Must(t, err) }

func check(t *testing.T, s *Solver, want smt.Result, assumptions ...*smt.Term) {
	t.Helper()
	smttest.Check(t, s, want, assumptions...)
}

func TestPushPopAssumptions(t *testing.T) {
	forEach(t, func(t *testing.T, opts Options) {
		b := smt.NewBuilder()
		s := newSolver(t, opts, "")
		x := b.Var("x", smt.BVSort(8))
		p := b.Var("p", smt.BoolSort())
		must(t, s.Assert(b.BVUlt(x, b.BVUint(8, 10))))
		check(t, s, smt.Sat)
		must(t, s.Push())
		must(t, s.Assert(b.BVUgt(x, b.BVUint(8, 20))))
		check(t, s, smt.Unsat)
		must(t, s.Pop(1))
		check(t, s, smt.Sat)
		// Assumptions: literals and terms, valid for one check only.
		check(t, s, smt.Unsat, b.Eq(x, b.BVUint(8, 200)))
		check(t, s, smt.Sat, p, b.Eq(x, b.BVUint(8, 7)))
		m, err := s.Model()
		must(t, err)
		for _, c := range []struct {
			t    *smt.Term
			want smt.Value
		}{
			{x, smt.BVValue(smt.NewBitVec(8, 7))},
			{p, smt.BoolValue(true)},
			{b.BVAdd(x, b.BVUint(8, 1)), smt.BVValue(smt.NewBitVec(8, 8))},
		} {
			v, err := m.Eval(c.t)
			must(t, err)
			if !v.Equal(c.want) {
				t.Errorf("eval %v = %v, want %v", c.t, v, c.want)
			}
		}
		check(t, s, smt.Unsat, b.Not(p), p)
		if _, err := m.Eval(x); !errors.Is(err, errStale) {
			t.Errorf("stale model: %v", err)
		}
		// A variable the assertions never mention gets a value too.
		check(t, s, smt.Sat)
		m, _ = s.Model()
		if v, err := m.Eval(b.Var("fresh", smt.BVSort(16))); err != nil || v.Sort().Width() != 16 {
			t.Errorf("fresh variable: %v %v", v, err)
		}
		// Definitions made inside a scope are forgotten with it and made
		// again when needed.
		shared := b.BVMul(x, b.BVAdd(x, b.BVUint(8, 3)))
		for i := 0; i < 3; i++ {
			must(t, s.Push())
			must(t, s.Assert(b.Eq(b.BVAdd(shared, shared), b.BVUint(8, 8))))
			check(t, s, smt.Sat)
			m, _ := s.Model()
			v, err := m.Eval(b.BVAdd(shared, shared))
			must(t, err)
			if v.Uint64() != 8 {
				t.Errorf("shared: %v", v)
			}
			must(t, s.Pop(1))
		}
		if err := s.Pop(1); err == nil {
			t.Error("pop below the base scope succeeded")
		}
	})
}

func TestSolverErrorIsReported(t *testing.T) {
	forEach(t, func(t *testing.T, opts Options) {
		s := newSolver(t, opts, "")
		// An unknown command: the solver answers with an error, which the
		// next answer-collecting call must report.
		must(t, s.command("(frobnicate)"))
		if _, err := s.Check(bg); err == nil {
			t.Fatal("no error for a bad command")
		}
	})
}

// alive reports whether a process (pid > 0) or group (pid < 0) exists.
func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

// pigeonhole says that n+1 pigeons sit in n holes, one per hole: unsat,
// and for n = 10 beyond both solvers for many seconds (resolution proofs
// of it are exponential; cvc5 rewrites away or factors the bit-vector
// puzzles one would try first).
func pigeonhole(b *smt.Builder, n int) *smt.Term {
	p := func(i, j int) *smt.Term { return b.Var(fmt.Sprintf("p%d_%d", i, j), smt.BoolSort()) }
	var cs []*smt.Term
	for i := 0; i <= n; i++ {
		var some []*smt.Term
		for j := 0; j < n; j++ {
			some = append(some, p(i, j))
		}
		cs = append(cs, b.Or(some...))
	}
	for j := 0; j < n; j++ {
		for i := 0; i <= n; i++ {
			for k := i + 1; k <= n; k++ {
				cs = append(cs, b.Or(b.Not(p(i, j)), b.Not(p(k, j))))
			}
		}
	}
	return b.And(cs...)
}

// TestTimeoutKillsGroup runs a hard check with a short deadline: Check
// returns Unknown (timeout) promptly, the process group is gone, and the
// solver refuses further work.
func TestTimeoutKillsGroup(t *testing.T) {
	forEach(t, func(t *testing.T, opts Options) {
		b := smt.NewBuilder()
		// QF_UF: with logic ALL or QF_BV cvc5 breaks the symmetry
		// (or bit-blasts cleverly) and is done at once.
		s := newSolver(t, opts, "QF_UF")
		must(t, s.Assert(pigeonhole(b, 10)))
		pid := s.p.cmd.Process.Pid
		ctx, cancel := context.WithTimeout(bg, 300*time.Millisecond)
		defer cancel()
		start := time.Now()
		r, err := s.Check(ctx)
		if err != nil || r != smt.Unknown || s.ReasonUnknown() != smt.ReasonTimeout {
			t.Fatalf("check = %v, %v, %q", r, err, s.ReasonUnknown())
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("check took %v after a 300ms deadline", d)
		}
		if alive(pid) || alive(-pid) {
			t.Errorf("solver process group %d survived the deadline", pid)
		}
		if _, err := s.Check(bg); err == nil {
			t.Error("check after a killed check succeeded")
		}
		if err := s.Assert(b.True()); err == nil {
			t.Error("assert after a killed check succeeded")
		}
	})
}

func TestCancel(t *testing.T) {
	forEach(t, func(t *testing.T, opts Options) {
		b := smt.NewBuilder()
		// QF_UF: with logic ALL or QF_BV cvc5 breaks the symmetry
		// (or bit-blasts cleverly) and is done at once.
		s := newSolver(t, opts, "QF_UF")
		must(t, s.Assert(pigeonhole(b, 10)))
		ctx, cancel := context.WithCancel(bg)
		time.AfterFunc(100*time.Millisecond, cancel)
		r, err := s.Check(ctx)
		if err != nil || r != smt.Unknown || s.ReasonUnknown() != smt.ReasonCanceled {
			t.Fatalf("check = %v, %v, %q", r, err, s.ReasonUnknown())
		}
	})
}

// TestCloseLeavesNoProcess starts the solver under a shell that also
// leaves a background child in the group: Close must end both.
func TestCloseLeavesNoProcess(t *testing.T) {
	forEach(t, func(t *testing.T, opts Options) {
		opts.Command = []string{"sh", "-c", "sleep 600 & echo $! >&2; exec " + strings.Join(opts.Command, " ")}
		s, err := New(opts)
		must(t, err)
		b := smt.NewBuilder()
		must(t, s.Assert(b.Var("p", smt.BoolSort())))
		check(t, s, smt.Sat)
		pid := s.p.cmd.Process.Pid
		sleeper, err := strconv.Atoi(strings.TrimSpace(s.p.stderr.String()))
		must(t, err)
		if !alive(sleeper) {
			t.Fatal("the background child is not running")
		}
		must(t, s.Close())
		must(t, s.Close())
		// The sleeper is reparented to init, which reaps it shortly.
		deadline := time.Now().Add(5 * time.Second)
		for (alive(-pid) || alive(sleeper) && !zombie(sleeper)) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if alive(pid) && !zombie(pid) {
			t.Errorf("solver %d survived Close", pid)
		}
		if alive(sleeper) && !zombie(sleeper) {
			t.Errorf("background child %d survived Close", sleeper)
		}
		if _, err := s.Check(bg); !errors.Is(err, errClosed) {
			t.Errorf("check after close: %v", err)
		}
	})
}

// zombie reports whether pid has exited but is not reaped yet (it holds
// no resources but its process table entry).
func zombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] == 'Z'
}

func TestMissingBinary(t *testing.T) {
	_, err := New(Options{Command: []string{"/nonexistent/solver"}})
	if err == nil {
		t.Fatal("New with a missing binary succeeded")
	}
}

func TestSolverDies(t *testing.T) {
	// A "solver" that answers the set-up and then exits: calls must fail
	// with the exit status, not hang.
	s, err := New(Options{Command: []string{"sh", "-c", "echo success; echo success; echo success; exit 3"}})
	must(t, err)
	defer s.Close()
	b := smt.NewBuilder()
	must(t, s.Assert(b.Var("p", smt.BoolSort())))
	_, err = s.Check(bg)
	if err == nil || !strings.Contains(err.Error(), "exit status 3") {
		t.Fatalf("check on a dead solver: %v", err)
	}
}

// TestSharing: a DAG whose tree is exponential is written in linear text,
// within one assertion (lets) and across assertions (named constants that
// stay valid until their scope is popped).
func TestSharing(t *testing.T) {
	forEach(t, func(t *testing.T, opts Options) {
		b := smt.NewBuilder()
		var trace strings.Builder
		opts.Trace = &trace
		s := newSolver(t, opts, "QF_BV")
		x := b.Var("x", smt.BVSort(32))
		steps := []*smt.Term{x}
		for i := 0; i < 300; i++ { // a tree of 2^300 nodes
			y := steps[len(steps)-1]
			steps = append(steps, b.BVXor(b.BVAdd(y, b.BVUint(32, uint64(i))), b.Ite(b.BVUlt(y, b.BVUint(32, 7)), y, b.BVUint(32, 1))))
		}
		// x fixed keeps the checks easy: the test is about the text.
		must(t, s.Assert(b.Eq(x, b.BVUint(32, 5))))
		check(t, s, smt.Sat)
		eval := func(x *smt.Term) smt.Value { t.Helper(); return smttest.Eval(t, s, x) }
		v200, v300 := eval(steps[200]), eval(steps[300])
		must(t, s.Assert(b.Eq(steps[200], b.Const(v200))))
		for i := 0; i < 2; i++ {
			// Steps 0-200 were written by the assertion before: named
			// now, in the scope that is popped below, and again after.
			must(t, s.Push())
			must(t, s.Assert(b.Eq(steps[300], b.Const(v300))))
			check(t, s, smt.Sat)
			d := eval(b.BVSub(steps[300], steps[200]))
			if want := uint32(v300.Uint64() - v200.Uint64()); uint32(d.Uint64()) != want {
				t.Errorf("step 300 - step 200 = %v, want %#x", d, want)
			}
			must(t, s.Pop(1))
		}
		must(t, s.Push())
		must(t, s.Assert(b.Not(b.Eq(steps[300], b.Const(v300)))))
		check(t, s, smt.Unsat)
		must(t, s.Pop(1))
		// About 300 KB: 1,500 nodes, a few of them written three times
		// (once inline, then named in each of the two scopes), each
		// about 100 bytes. The tree would have 2^300 nodes.
		if n := trace.Len(); n > 1_000_000 {
			t.Errorf("%d bytes of commands for 300 steps", n)
		}
	})
}

// TestEvalUnmentioned: constants the assertions never mention get the
// zero of their sort, even when the solver's logic lacks the sort (an
// array input evaluated after a QF_BV query, as the engines do).
func TestEvalUnmentioned(t *testing.T) {
	forEach(t, func(t *testing.T, opts Options) {
		b := smt.NewBuilder()
		s := newSolver(t, opts, "QF_BV")
		x := b.Var("x", smt.BVSort(8))
		must(t, s.Assert(b.Eq(x, b.BVUint(8, 3))))
		check(t, s, smt.Sat)
		m, err := s.Model()
		must(t, err)
		as := smt.ArraySort(smt.BVSort(8), smt.BVSort(32))
		for _, c := range []struct {
			t    *smt.Term
			want smt.Value
		}{
			{b.Var("a", as), smt.NewArrayValue(as, smt.BVValue(smt.NewBitVec(32, 0)), nil)},
			{b.Var("f", smt.Float32Sort()), smt.Float32Value(0)},
			{b.BVAdd(x, b.Var("y", smt.BVSort(8))), smt.BVValue(smt.NewBitVec(8, 3))},
		} {
			v, err := m.Eval(c.t)
			if err != nil || !v.Equal(c.want) {
				t.Errorf("eval %v = %v, %v; want %v", c.t, v, err, c.want)
			}
		}
	})
}
