package funccheck

import (
	"context"
	"errors"
	"fmt"
	"github.com/prbmc/prbmc/verifier/harness"
	"slices"
	"strings"
	"time"

	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// A generated harness calls a function with every input its type allows;
// its callers pass far fewer. A failure is only worth a maintainer's time
// when someone can cause it, so every unsafe property is classified:
//
//   - the function is an entry point (nothing in its unit calls it, or it
//     is called through a pointer): whoever calls it can pass the inputs,
//     a failure (result.FindingInputs);
//   - a caller in the unit, run with its own generated inputs, reaches the
//     failure: a failure, with the caller's trace (result.FindingCaller).
//     A caller that has callers of its own is judged the same way, up to
//     Options.CallerDepth levels;
//   - a non-static function's callers in the repository's other files
//     count as callers in the unit do (Options.OtherFiles, repo.go): the
//     unit is loaded with each such file into one program;
//   - no caller reaches it: a contract note (result.FindingContract);
//   - every failing execution found calls a function without a body: a
//     stub note (result.FindingStub), since the stub may do what the real
//     function never does.
//
// A note's property is then assumed to hold and the function is checked
// again, so the other properties get verdicts too: the run stops at the
// first failure it finds.

// maxCallers bounds the callers tried per level; maxNoteRounds the notes
// one function collects before the rest is left to the verdict at hand.
const (
	maxCallers    = 4
	maxNoteRounds = 8
)

// callGraph is the unit's own functions and who calls them.
type callGraph struct {
	callers map[*ir.Function][]*ir.Function
	taken   map[*ir.Function]bool
	defs    map[string]bool // functions defined in the unit's file
	prog    *ir.Program
}

func (u *Unit) callGraph() *callGraph {
	g := &callGraph{callers: ir.Callers(u.Prog.IR), taken: map[*ir.Function]bool{}, defs: map[string]bool{}, prog: u.Prog.IR}
	for _, f := range ir.AddressTakenFuncs(u.Prog.IR) {
		g.taken[f] = true
	}
	for name := range u.Defs {
		g.defs[name] = true
	}
	return g
}

// callersOf lists f's callers defined in the unit, by position.
func (g *callGraph) callersOf(f *ir.Function) []*ir.Function {
	var out []*ir.Function
	for _, c := range g.callers[f] {
		if g.defs[c.Name] && !c.Library {
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b *ir.Function) int { return a.Pos.Line - b.Pos.Line })
	return out
}

// entryPoint says that anyone may call f with any inputs: it is visible
// outside the unit or its address is taken, and nothing here calls it.
func (g *callGraph) entryPoint(f *ir.Function) bool {
	return len(g.callersOf(f)) == 0 && (!f.Static || g.taken[f])
}

// classify classifies r's failure (and, after each note, the failure the
// next run finds) and returns the final result, and the harness of the
// caller whose trace the failure now has (nil: the function's own).
func (u *Unit) classify(ctx context.Context, opts Options, name string, pp *prepared, eo engine.Options, r *result.Result) (*result.Result, *harness.Harness) {
	g := u.callGraph()
	var notes []result.Property
	var viaOther *harness.Harness
	for round := 0; r.Verdict == result.Unsafe && round < maxNoteRounds; round++ {
		v := r.Violated()
		if v == nil || v.Finding != "" {
			break
		}
		*v, viaOther = u.classifyProp(ctx, opts, name, pp, eo, *v, g)
		if v.Fails() {
			break
		}
		notes = append(notes, *v)
		if ctx.Err() != nil {
			r.Verdict = result.Unknown
			r.Reason = "time limit reached after a contract or stub note"
			r.Props = slices.DeleteFunc(r.Props, func(p result.Property) bool { return p.IsNote() })
			break
		}
		// Callers keep the note's property (or the stub does not break
		// it): assume it, and look at the rest.
		assumeProp(pp.p, v.ID)
		r = engine.Verify(ctx, pp.p, eo)
	}
	for _, n := range notes {
		if !slices.ContainsFunc(r.Props, func(p result.Property) bool { return p.ID == n.ID }) {
			r.Props = append(r.Props, n)
		}
		r.Assumed = append(r.Assumed, fmt.Sprintf("%s at %s holds (%s note: %s)", describeProp(n), n.Location, n.Finding, firstSentence(n.Note)))
	}
	if v := r.Failure(); v != nil && v.Finding == result.FindingCaller && len(v.Via) > 0 {
		if viaOther != nil {
			return r, viaOther
		}
		if h, err := u.Harness(opts, v.Via[0]); err == nil {
			return r, h
		}
	}
	return r, nil
}

// classifyProp classifies one unsafe property of function name. A
// non-static function's callers in the repository's other files count
// too (Options.OtherFiles); the harness returned is then the one of the
// caller in another file whose trace the failure has (nil otherwise).
func (u *Unit) classifyProp(ctx context.Context, opts Options, name string, pp *prepared, eo engine.Options, p result.Property, g *callGraph) (result.Property, *harness.Harness) {
	f := g.prog.Func(name)
	if f == nil {
		return p, nil
	}
	var oc *otherCallers
	if !f.Static && !g.taken[f] {
		oc = u.otherCallersOf(ctx, opts, name)
	}
	refused := ""
	if oc != nil {
		refused = oc.refused
		if refused == "" {
			q, h, why := u.classifyAcross(ctx, opts, name, pp, eo, p, g, oc)
			if why == "" {
				return q, h
			}
			refused = why
			if opts.Engine.Log != nil {
				fmt.Fprintf(opts.Engine.Log, "prbmc: %s(): callers in other files not used: %s\n", ir.CName(name), why)
			}
		}
	}
	q := u.classifyHere(ctx, opts, name, pp, eo, p, g)
	if refused != "" {
		q.Note += " (Callers in other files were not looked at: " + strings.TrimSuffix(refused, ".") + ".)"
	}
	return q, nil
}

// classifyAcross classifies p with the callers of name in its own file
// and in the other files oc found: a failure when one reaches it (or
// another file takes its address, or nothing in the repository calls
// it), else a contract note naming every caller. why, when not empty,
// says why the other files cannot be used after all.
func (u *Unit) classifyAcross(ctx context.Context, opts Options, name string, pp *prepared, eo engine.Options, p result.Property, g *callGraph, oc *otherCallers) (q result.Property, h *harness.Harness, why string) {
	f := g.prog.Func(name)
	cname := ir.CName(name)
	here := g.callersOf(f)
	if oc.taken != "" {
		p.Finding = result.FindingInputs
		p.Note = fmt.Sprintf("%s() is called through a function pointer in %s: whoever calls it can pass these inputs.", cname, oc.taken)
		u.stubNote(ctx, opts, eo, &p, name, u.unitScene(g))
		return p, nil, ""
	}
	if len(here) == 0 && oc.callerCount() == 0 {
		q := u.classifyHere(ctx, opts, name, pp, eo, p, g)
		if q.Finding == result.FindingInputs {
			q.Note = strings.Replace(q.Note, fmt.Sprintf("Nothing in %s calls %s()", u.File, cname),
				fmt.Sprintf("Nothing in the repository calls %s() (%d other C files looked at)", cname, oc.scanned), 1)
		}
		return q, nil, ""
	}
	var checked, callers []string
	if len(here) > 0 {
		sc := u.unitScene(g)
		via, tr, _, ch := u.reach(ctx, opts, eo, p.ID, f, sc, 1, map[*ir.Function]bool{f: true})
		if tr != nil {
			p.Finding = result.FindingCaller
			p.Via, p.Trace = via, tr
			p.Note = fmt.Sprintf("Reached from %s() with its own inputs: %s.", via[0], strings.Join(append(slices.Clone(via), cname), "() → ")+"()")
			u.stubNote(ctx, opts, eo, &p, via[0], sc)
			return p, nil, ""
		}
		checked = append(checked, ch...)
		for _, c := range here {
			callers = append(callers, ir.CName(c.Name))
		}
	}
	want := findIRProp(pp.p, p.ID)
	if want == nil {
		return p, nil, "the property is not in the function's own program"
	}
	for _, lf := range oc.files {
		fn := lf.prog.IR.Func(name)
		sc := &scene{g: lf.g, lf: lf, want: want, where: " in " + lf.file}
		// The unit's own callers were asked above, with the unit alone.
		seen := map[*ir.Function]bool{fn: true}
		for _, c := range lf.g.callersOf(fn) {
			seen[c] = !slices.Contains(lf.callers, c)
		}
		via, tr, top, ch := u.reach(ctx, opts, eo, p.ID, fn, sc, 1, seen)
		if sc.refused != "" {
			return p, nil, sc.refused
		}
		if tr != nil {
			h, err := lf.harness(opts, top.Name)
			if err != nil {
				return p, nil, err.Error()
			}
			p.Finding = result.FindingCaller
			p.Via, p.Trace = via, tr
			p.Note = fmt.Sprintf("Reached from %s() in %s with its own inputs: %s.", via[0], lf.file, strings.Join(append(slices.Clone(via), cname), "() → ")+"()")
			u.stubNote(ctx, opts, eo, &p, top.Name, sc)
			return p, h, ""
		}
		checked = append(checked, ch...)
		for _, c := range lf.callers {
			callers = append(callers, ir.CName(c.Name))
		}
	}
	p.Finding = result.FindingContract
	p.Via = callers
	p.Note = fmt.Sprintf("Needs an input no caller in the repository passes: %s. If callers must never pass it, state it at the top of %s() with `prbmc_requires(...)`; otherwise handle it.",
		strings.Join(checked, "; "), cname)
	return p, nil, ""
}

// classifyHere classifies one unsafe property of function name by the
// callers in its own file.
func (u *Unit) classifyHere(ctx context.Context, opts Options, name string, pp *prepared, eo engine.Options, p result.Property, g *callGraph) result.Property {
	f := g.prog.Func(name)
	if f == nil {
		return p
	}
	// harnessOf is the function whose harness gave p's trace.
	harnessOf := name
	callers := g.callersOf(f)
	switch {
	case len(callers) == 0 && g.entryPoint(f):
		p.Finding = result.FindingInputs
		if g.taken[f] {
			p.Note = fmt.Sprintf("%s() is called through a function pointer: whoever calls it can pass these inputs.", ir.CName(name))
		} else {
			p.Note = fmt.Sprintf("Nothing in %s calls %s(): it is an entry point, and whoever calls it can pass these inputs.", u.File, ir.CName(name))
		}
		// The instrumented function: the optional checks are in it.
		if guard, ok := entryGuard(pp.p.Func(name), f, p.ID, pp.stubs); ok {
			// assert(incr <= free) before the function changes anything:
			// the author wrote down what callers must pass. A caller in
			// the file that breaks it would be a failure (reach); an
			// entry point's is its contract.
			p.Finding = result.FindingContract
			p.Note = fmt.Sprintf("`assert(%s)` checks %s()'s inputs before it changes anything: it states the function's contract, and nothing here calls it against it. `prbmc_requires(...)` says so explicitly.", guard, ir.CName(name))
			break
		}
		u.constructorNote(ctx, opts, eo, name, &p)
	case len(callers) == 0:
		p.Finding = result.FindingContract
		p.Note = fmt.Sprintf("Nothing calls the static function %s(), so no input reaches this failure.", ir.CName(name))
	default:
		via, tr, _, checked := u.reach(ctx, opts, eo, p.ID, f, u.unitScene(g), 1, map[*ir.Function]bool{f: true})
		if tr != nil {
			p.Finding = result.FindingCaller
			p.Via = via
			p.Trace = tr
			harnessOf = via[0]
			p.Note = fmt.Sprintf("Reached from %s() with its own inputs: %s.", via[0], strings.Join(append(slices.Clone(via), ir.CName(name)), "() → ")+"()")
		} else {
			p.Finding = result.FindingContract
			for _, c := range callers {
				p.Via = append(p.Via, ir.CName(c.Name))
			}
			p.Note = fmt.Sprintf("Needs an input no caller here passes: %s. If callers must never pass it, state it at the top of %s() with `prbmc_requires(...)`; otherwise handle it.",
				strings.Join(checked, "; "), ir.CName(name))
		}
	}
	if p.Fails() {
		u.stubNote(ctx, opts, eo, &p, harnessOf, u.unitScene(g))
	}
	return p
}

// constructorNote checks an entry point's failure again with the handles
// the unit's own constructors make (harness.Options.Constructors): a
// failure that needs a handle no constructor makes is a contract note;
// one that remains gets that harness's trace, which a reader believes
// more readily.
func (u *Unit) constructorNote(ctx context.Context, opts Options, eo engine.Options, name string, p *result.Property) {
	if ctx.Err() != nil {
		return
	}
	plain, err := u.Harness(opts, name)
	if err != nil {
		return
	}
	copts := opts
	copts.Harness.Constructors = true
	h, err := u.Harness(copts, name)
	if err != nil || h.Source == plain.Source {
		return
	}
	pc, err := u.prepare(ctx, copts, h)
	if err != nil {
		return
	}
	keepOnly(pc.p, p.ID)
	cr := pc.verifyShare(ctx, eo)
	made := strings.Join(h.Constructed, "; ")
	prop := findProp(cr, p.ID)
	v := cr.Verdict
	if prop != nil {
		v = prop.Verdict
	}
	switch v {
	case result.Unsafe:
		// The trace stays the function's own harness's, which
		// reproducers rebuild.
		p.Note += " It fails with handles the file's own constructor makes too (" + made + ")."
	case result.Safe, result.Bounded, result.Unreachable:
		p.Finding = result.FindingContract
		how := "it holds"
		if v == result.Bounded {
			how = fmt.Sprintf("it holds when loops run at most %d times", cr.K)
		}
		p.Note = fmt.Sprintf("Needs a handle the file's own constructor does not make: when %s, %s. Operations that change the handle may still get it there; if so, check them, or state the contract with `prbmc_requires(...)`.", made, how)
	default:
		// The failing execution starts from a handle with any contents,
		// which the API gives callers no way to build, and with the
		// handles the file's constructor makes it was not decided:
		// nothing shows a caller can cause it (jsmn_parse's token sizes
		// at INT_MAX), so it is a note a reader may look into, not a
		// failure.
		p.Finding = result.FindingContract
		p.Note = fmt.Sprintf("Needs a handle with contents no check here shows the file's own constructor and operations can make: when %s, it was not decided (%s). If they can, it is a bug; otherwise state the contract with `prbmc_requires(...)`.", made, u.rel(opts, firstSentence(cr.Reason)))
	}
}

// scene is where a function's callers are looked for and checked: the
// unit alone, or the unit linked with another file of the repository.
type scene struct {
	g *callGraph
	// lf is the other file (nil: the unit alone); want is the property
	// as the function's own program has it, which the linked program
	// must have too; where names the file in notes (" in main.c").
	lf    *linkedFile
	want  *ir.Property
	where string
	// refused, once set, says why the linked program cannot be used.
	refused string
}

func (u *Unit) unitScene(g *callGraph) *scene { return &scene{g: g} }

// onlyIn prepares the harness of function fn of the scene with property
// id's assertions the only ones left. fn is a C name in the unit alone,
// an IR name in a linked scene.
func (u *Unit) onlyIn(ctx context.Context, opts Options, sc *scene, fn, id string) (*prepared, error) {
	if sc.lf == nil {
		return u.only(ctx, opts, fn, id)
	}
	h, err := sc.lf.harness(opts, fn)
	if err != nil {
		return nil, fmt.Errorf("no harness: %v", err)
	}
	pc, err := u.prepareLinked(ctx, opts, h, sc.lf)
	if err != nil {
		return nil, err
	}
	if got := findIRProp(pc.p, id); got == nil || got.Kind != sc.want.Kind || got.Text != sc.want.Text || got.Pos != sc.want.Pos {
		// The property's name in the linked program must be the same
		// check at the same place, or a caller's "never breaks it"
		// would be about another one.
		sc.refused = fmt.Sprintf("property %s is not the same in %s linked with %s", id, sc.lf.file, u.File)
		return nil, errors.New(sc.refused)
	}
	keepOnly(pc.p, id)
	return pc, nil
}

// findIRProp is property id of program p (nil if none).
func findIRProp(p *ir.Program, id string) *ir.Property {
	for _, pr := range p.Props {
		if pr.ID == id {
			return pr
		}
	}
	return nil
}

// reach asks f's callers in the scene, and theirs up to
// opts.CallerDepth levels, whether their own inputs reach the failure of
// property id. It returns the call chain (outermost first, C names), the
// trace and the outermost caller of the first that does, or nil and what
// each caller tried said.
func (u *Unit) reach(ctx context.Context, opts Options, eo engine.Options, id string, f *ir.Function, sc *scene, depth int, seen map[*ir.Function]bool) (via []string, tr *result.Trace, top *ir.Function, checked []string) {
	g := sc.g
	callers := slices.DeleteFunc(g.callersOf(f), func(c *ir.Function) bool { return seen[c] })
	if len(callers) > maxCallers {
		checked = append(checked, fmt.Sprintf("%d more callers of %s()%s not checked", len(callers)-maxCallers, ir.CName(f.Name), sc.where))
		callers = callers[:maxCallers]
	}
	for _, c := range callers {
		cn := ir.CName(c.Name)
		label := cn + "()" + sc.where
		if seen[c] {
			continue
		}
		seen[c] = true
		if ctx.Err() != nil {
			checked = append(checked, label+" not checked (out of time)")
			continue
		}
		fn := cn
		if sc.lf != nil {
			fn = c.Name
		}
		var cr *result.Result
		pc, err := u.onlyIn(ctx, opts, sc, fn, id)
		if err == nil {
			cr = pc.verifyShare(ctx, eo)
		}
		if sc.refused != "" {
			return nil, nil, nil, checked
		}
		if err != nil {
			checked = append(checked, fmt.Sprintf("%s not checked (%v)", label, err))
			continue
		}
		prop := findProp(cr, id)
		if prop == nil || prop.Verdict != result.Unsafe {
			checked = append(checked, label+" "+keeps(cr, prop))
			continue
		}
		if len(g.callersOf(c)) > 0 && depth < opts.CallerDepth {
			via2, tr2, top2, checked2 := u.reach(ctx, opts, eo, id, c, sc, depth+1, seen)
			if sc.refused != "" {
				return nil, nil, nil, checked
			}
			if tr2 != nil {
				return append(via2, cn), tr2, top2, checked
			}
			if len(checked2) == 0 {
				checked = append(checked, label+" reaches it only with inputs of its own, and its callers are checked above")
			} else {
				checked = append(checked, fmt.Sprintf("%s reaches it only with inputs its own callers do not pass (%s)", label, strings.Join(checked2, "; ")))
			}
			continue
		}
		if len(g.callersOf(c)) == 0 && !g.entryPoint(c) {
			checked = append(checked, label+" reaches it but is itself called by nothing")
			continue
		}
		if len(g.callersOf(c)) > 0 && c.Static && !g.taken[c] {
			// Only this file calls c, and its callers were not asked:
			// c's generated inputs may be ones none of them passes (the
			// regular-expression matcher's mutual recursion reached its
			// counter's overflow "from" a helper run with any counter).
			checked = append(checked, fmt.Sprintf("%s reaches it with inputs of its own, and its callers are more than %d levels up (--caller-depth)", label, opts.CallerDepth))
			continue
		}
		return []string{cn}, prop.Trace, c, checked
	}
	return nil, nil, nil, checked
}

// keeps says in words what a caller's check said of a property it did not
// break.
func keeps(r *result.Result, p *result.Property) string {
	v, reason := r.Verdict, r.Reason
	if p != nil {
		v = p.Verdict
		if p.Reason != "" {
			reason = p.Reason
		}
	}
	switch v {
	case result.Safe:
		return "never breaks it (proved)"
	case result.Bounded:
		return fmt.Sprintf("does not break it when loops run at most %d times", r.K)
	case result.Unreachable:
		return "never reaches it"
	}
	if reason == "" {
		reason = "undecided"
	}
	return "was not decided (" + firstSentence(reason) + ")"
}

// stubNote makes a failure a stub note when every failing execution goes
// through a stub: the property is checked again, from the same harness,
// with every call of a stub cutting its execution off. A failure without
// stubs keeps its class and gets that trace, which is the more telling.
func (u *Unit) stubNote(ctx context.Context, opts Options, eo engine.Options, p *result.Property, fn string, sc *scene) {
	if ctx.Err() != nil {
		return
	}
	pc, err := u.onlyIn(ctx, opts, sc, fn, p.ID)
	if err != nil {
		return
	}
	free := freeStubs(pc.stubs)
	if !usesStub(p.Trace, free) {
		return
	}
	var used []string
	for sf, said := range free {
		if traceCalls(p.Trace, sf) {
			used = append(used, said)
		}
	}
	cutStubs(pc.p, free)
	cr := pc.verifyShare(ctx, eo)
	if prop := findProp(cr, p.ID); prop != nil && prop.Verdict == result.Unsafe {
		p.Trace = prop.Trace
		return
	}
	if len(used) == 0 {
		for _, said := range free {
			used = append(used, said)
		}
	}
	slices.Sort(used)
	p.Finding = result.FindingStub
	p.Stubs = used
	p.Note = fmt.Sprintf("Every failing execution found calls a function without a body here; its stub may do what the real one never does (%s). A model of it, or a harness in prbmc/harness/%s.c, decides this.",
		strings.Join(used, "; "), fn)
}

// only prepares the harness of function fn with property id's
// assertions the only ones left.
func (u *Unit) only(ctx context.Context, opts Options, fn, id string) (*prepared, error) {
	h, err := u.Harness(opts, fn)
	if err != nil {
		return nil, fmt.Errorf("no harness: %v", u.rel(opts, err.Error()))
	}
	pc, err := u.prepare(ctx, opts, h)
	if err != nil {
		return nil, err
	}
	keepOnly(pc.p, id)
	return pc, nil
}

// verifyShare runs the engines on the prepared harness within a share of
// the time ctx has left.
func (pc *prepared) verifyShare(ctx context.Context, eo engine.Options) *result.Result {
	eo.Entry = pc.h.Entry
	cctx, cancel := share(ctx)
	defer cancel()
	return engine.Verify(cctx, pc.p, eo)
}

// share bounds a sub-check to half the time ctx has left, so the checks
// after it (and the function's own re-runs) keep some.
func share(ctx context.Context) (context.Context, context.CancelFunc) {
	if dl, ok := ctx.Deadline(); ok {
		return context.WithTimeout(ctx, time.Until(dl)/2)
	}
	return context.WithCancel(ctx)
}

// keepOnly makes every assertion but property id's a no-op.
func keepOnly(p *ir.Program, id string) {
	for _, f := range p.Funcs {
		for i, in := range f.Body {
			if a, ok := in.(*ir.Assert); ok && a.Prop.ID != id {
				f.Body[i] = &ir.Skip{At: a.At}
			}
		}
	}
}

// assumeProp turns property id's assertions into assumptions.
func assumeProp(p *ir.Program, id string) {
	for _, f := range p.Funcs {
		for i, in := range f.Body {
			if a, ok := in.(*ir.Assert); ok && a.Prop.ID == id {
				f.Body[i] = &ir.Assume{At: a.At, Cond: a.Cond}
			}
		}
	}
}

// inputSources are library functions whose results are the program's
// inputs: any value their stub returns is one the real function can
// return, so a failure that needs one is a failure, not a stub note.
var inputSources = map[string]bool{
	"time": true, "clock": true, "gettimeofday": true, "clock_gettime": true,
	"rand": true, "random": true, "lrand48": true, "mrand48": true, "drand48": true, "rand_r": true,
	"getchar": true, "getc": true, "fgetc": true, "fgets": true, "fread": true, "read": true, "pread": true,
	"recv": true, "recvfrom": true, "recvmsg": true, "getenv": true, "secure_getenv": true,
	"getpid": true, "getppid": true, "getuid": true, "geteuid": true, "getline": true, "getdelim": true,
	"scanf": true, "fscanf": true, "sscanf": true, "getrandom": true, "arc4random": true,
}

// freeStubs are the stubs whose freedom a failure may lean on: all but
// the input sources.
func freeStubs(stubs map[*ir.Function]string) map[*ir.Function]string {
	out := map[*ir.Function]string{}
	for f, said := range stubs {
		if !inputSources[ir.CName(f.Name)] {
			out[f] = said
		}
	}
	return out
}

// cutStubs takes the stubs' freedom away: a stub with a pointer result
// that writes nothing returns NULL (what C functions return on failure,
// which callers must handle), every other stub ends the execution that
// calls it.
func cutStubs(p *ir.Program, stubs map[*ir.Function]string) {
	std := ir.StdTypes(p.DataModel)
	for f := range stubs {
		if rt, ok := f.Type.Result.(*ir.PointerType); ok && !havocs(f) {
			f.Body = []ir.Instr{&ir.Return{At: ir.At{P: f.Pos}, Value: &ir.Const{T: rt, Bits: 0}}}
			continue
		}
		body := make([]ir.Instr, 0, len(f.Body)+1)
		body = append(body, &ir.Assume{At: ir.At{P: f.Pos}, Cond: &ir.Const{T: std.Int, Bits: 0}})
		for _, in := range f.Body {
			if gt, ok := in.(*ir.Goto); ok {
				c := *gt
				c.Target++
				in = &c
			}
			body = append(body, in)
		}
		f.Body = body
	}
}

// havocs says whether stub f gives memory any contents.
func havocs(f *ir.Function) bool {
	for _, in := range f.Body {
		if c, ok := in.(*ir.Call); ok && c.Builtin == ir.BHavoc {
			return true
		}
	}
	return false
}

// usesStub says whether trace t may go through a stub: a step in one, an
// input one made, or steps the trace leaves out.
func usesStub(t *result.Trace, stubs map[*ir.Function]string) bool {
	if len(stubs) == 0 {
		return false
	}
	if t == nil || t.Omitted > 0 {
		return true
	}
	for f := range stubs {
		if traceCalls(t, f) {
			return true
		}
	}
	return false
}

// traceCalls says whether trace t shows a step in f or an input f made.
func traceCalls(t *result.Trace, f *ir.Function) bool {
	if t == nil {
		return false
	}
	for _, s := range t.Steps {
		if s.Func == f.Name {
			return true
		}
	}
	prefix := ir.CName(f.Name) + "()"
	for _, in := range t.Inputs {
		if strings.HasPrefix(in.Why, prefix) {
			return true
		}
	}
	return false
}

func findProp(r *result.Result, id string) *result.Property {
	for i := range r.Props {
		if r.Props[i].ID == id {
			return &r.Props[i]
		}
	}
	return nil
}

// describeProp names a property for an assumption line.
func describeProp(p result.Property) string {
	switch p.Kind {
	case "assertion":
		return fmt.Sprintf("assertion `%s`", p.Text)
	case "reach-error":
		return "the error location " + p.Text
	}
	return fmt.Sprintf("%s check `%s`", p.Kind, p.Text)
}

// firstSentence is s up to its first ". " (or all of it), without the
// final period.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSuffix(s, ".")
}

// entryGuard reports whether property id is an assertion of f's own
// that no path from f's entry reaches after a change a caller can see (a
// store but to f's own variables, a call but of functions that change
// nothing): a check of the inputs, which is the function's contract. It
// returns the assertion's text.
//
// src is the function as written (without the optional checks, its
// assertions all there): an assertion classified before may have become
// an assumption in f.
//
// A value a stub returns is no input: a call of one (stubs) before the
// assertion makes it no check of the inputs.
func entryGuard(f, src *ir.Function, id string, stubs map[*ir.Function]string) (string, bool) {
	quiet := func(f *ir.Function, in ir.Instr) bool {
		if c, ok := in.(*ir.Call); ok && c.Fn != nil && stubs[c.Fn] != "" {
			return false
		}
		return harmless(f, in)
	}
	if f == nil {
		return "", false
	}
	at := -1
	for pc, in := range f.Body {
		if a, ok := in.(*ir.Assert); ok && a.Prop != nil && a.Prop.ID == id {
			at = pc
			break
		}
	}
	if at < 0 {
		return "", false
	}
	a := f.Body[at].(*ir.Assert)
	if a.Prop.Func != f.Name {
		return "", false
	}
	if a.Prop.Kind != ir.PropAssertion {
		// A check inside the guard's own condition (its -incr
		// overflowing): the input it fails on is one the guard is there
		// to reject.
		var guard *ir.Assert
		for _, in := range src.Body {
			if g, ok := in.(*ir.Assert); ok && g.Prop != nil && g.Prop.Kind == ir.PropAssertion && g.Pos() == a.Pos() {
				guard = g
				break
			}
		}
		if guard == nil {
			return "", false
		}
		a = guard
	}
	// Walk back from the assertion over everything that can run before
	// it.
	preds := ir.Preds(f)
	seen := map[int]bool{at: true}
	work := []int{at}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		for _, q := range preds[pc] {
			if seen[q] {
				continue
			}
			seen[q] = true
			if !quiet(f, f.Body[q]) {
				return "", false
			}
			work = append(work, q)
		}
	}
	// A function that checks its inputs itself (if (r->count > CAP)
	// return -1;) before the assertion claims the check was enough: the
	// assertion is then its author's claim about that check, and its
	// failure a bug. So no path from before the assertion may return
	// without a change, avoiding it.
	reach := map[int]bool{}
	for q := range seen {
		if q == at {
			continue
		}
		work = append(work, q)
	}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range ir.Succs(f, pc) {
			if s == at || seen[s] || reach[s] {
				continue
			}
			if _, ret := f.Body[s].(*ir.Return); ret {
				return "", false
			}
			if !quiet(f, f.Body[s]) {
				continue
			}
			reach[s] = true
			work = append(work, s)
		}
	}
	return a.Prop.Text, true
}

// harmless reports whether instruction in of f changes nothing outside
// f's own variables.
func harmless(f *ir.Function, in ir.Instr) bool {
	switch in := in.(type) {
	case *ir.Assign:
		return ownVar(f, in.Lhs)
	case *ir.Call:
		return in.Builtin == ir.NotBuiltin && in.Fn != nil && changesNothing(in.Fn, map[*ir.Function]bool{}) && (in.Result == nil || ownVar(f, in.Result))
	case *ir.Unsupported:
		return false
	}
	return true
}

// ownVar reports whether lv is a variable of f's own (not a global, not
// memory reached through a pointer).
func ownVar(f *ir.Function, lv ir.Expr) bool {
	r, ok := lv.(*ir.VarRef)
	return ok && r.V.Kind != ir.Global && r.V.Func == f
}

// changesNothing reports whether a call of f stores nothing but to its
// own variables, directly or through what it calls.
func changesNothing(f *ir.Function, seen map[*ir.Function]bool) bool {
	if !f.HasBody() {
		return false
	}
	if seen[f] {
		return true
	}
	seen[f] = true
	for _, in := range f.Body {
		if c, ok := in.(*ir.Call); ok && c.Fn != nil && c.Builtin == ir.NotBuiltin {
			if !changesNothing(c.Fn, seen) || c.Result != nil && !ownVar(f, c.Result) {
				return false
			}
			continue
		}
		if !harmless(f, in) {
			return false
		}
	}
	return true
}
