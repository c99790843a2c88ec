package cfront

import (
	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Block scopes and jumps.
//
// A C block's automatic objects live from the entry into the block until
// its execution ends, however control gets in or out. The IR says so with
// Decl and Dead, so jumps must too:
//
//   - break, continue and goto that leave blocks emit the Dead of the
//     locals of every block they leave (falling off the block's end already
//     does), or pointers to them would not dangle;
//   - goto, case and default labels that jump into a block past some of its
//     declarations go through an entry stub that Decls those locals (their
//     values are indeterminate), or a local killed by an earlier exit from
//     the block would still be dead after the jump back in.

// scope is one block (or a for statement's declaration) being lowered.
type scope struct {
	node cc.Node // the *cc.CompoundStatement or *cc.IterationStatement
	vars []*ir.Var
}

// jumpTarget is the target of break or continue and the scope depth it is
// at.
type jumpTarget struct {
	lb    *label
	depth int
}

// labelInfo is what the pre-pass found out about a named label.
type labelInfo struct {
	chain []cc.Node // the scopes enclosing the label, outermost first
	// entering[p]: some goto shares only the first p scopes of chain, so it
	// enters the rest.
	entering map[int]bool
	entries  map[int]*label // entry stubs by p, created by gotos or at the label
	placed   bool
}

// pushScope opens a block scope.
func (fl *fnLower) pushScope(n cc.Node) *scope {
	s := &scope{node: n}
	fl.scopes = append(fl.scopes, s)
	return s
}

// popScope closes the innermost scope, emitting the Dead of its locals.
func (fl *fnLower) popScope(p ir.Pos) {
	s := fl.scopes[len(fl.scopes)-1]
	fl.scopes = fl.scopes[:len(fl.scopes)-1]
	fl.killVars(s.vars, p)
}

func (fl *fnLower) killVars(vars []*ir.Var, p ir.Pos) {
	for i := len(vars) - 1; i >= 0; i-- {
		if vars[i].Kind == ir.Local {
			fl.emit(&ir.Dead{At: ir.At{P: p}, V: vars[i]})
		}
	}
}

// declared records the locals a declaration in the innermost scope made.
func (fl *fnLower) declared(vs []*ir.Var) {
	if len(fl.scopes) > 0 && len(vs) > 0 {
		s := fl.scopes[len(fl.scopes)-1]
		s.vars = append(s.vars, vs...)
	}
}

// leaveScopes emits the Dead of the locals of every scope deeper than depth,
// for a jump out of them.
func (fl *fnLower) leaveScopes(depth int) {
	for i := len(fl.scopes) - 1; i >= depth && i >= 0; i-- {
		fl.killVars(fl.scopes[i].vars, fl.cur)
	}
}

// commonScopes is the number of outermost scopes the current position
// shares with chain.
func (fl *fnLower) commonScopes(chain []cc.Node) int {
	p := 0
	for p < len(chain) && p < len(fl.scopes) && fl.scopes[p].node == chain[p] {
		p++
	}
	return p
}

// gotoLabel lowers `goto name`.
func (fl *fnLower) gotoLabel(name string) {
	info := fl.labelInfo[name]
	if info == nil {
		// Not found by the pre-pass (a label inside a statement
		// expression): a plain jump.
		fl.jump(fl.labelNamed(name), nil)
		return
	}
	p := fl.commonScopes(info.chain)
	fl.leaveScopes(p)
	if p == len(info.chain) {
		fl.jump(fl.labelNamed(name), nil)
		return
	}
	lb := info.entries[p]
	if lb == nil {
		if info.placed {
			// A backward goto the pre-pass did not foresee: no stub exists,
			// jump to the label itself.
			lb = fl.labelNamed(name)
		} else {
			lb = fl.newLabel()
			info.entries[p] = lb
		}
	}
	fl.jump(lb, nil)
}

// placeNamedLabel places label name at the current position, preceded by
// the entry stubs of the gotos that jump into its scopes.
func (fl *fnLower) placeNamedLabel(name string) {
	lb := fl.labelNamed(name)
	info := fl.labelInfo[name]
	if info == nil {
		fl.place(lb)
		return
	}
	info.placed = true
	for p := range info.entering {
		if info.entries[p] == nil {
			info.entries[p] = fl.newLabel()
		}
	}
	if len(info.entries) == 0 {
		fl.place(lb)
		return
	}
	same := fl.commonScopes(info.chain) == len(info.chain) && len(fl.scopes) == len(info.chain)
	fl.entryStubs(lb, func(p int) *label { return info.entries[p] }, 0, same)
}

// entryStubs places lb after the stubs that Decl the locals declared so far
// in scopes [p:] for each entry label entry(p) != nil, p >= from. When there
// is nothing to declare (or ok is false: the scopes are not the ones the
// pre-pass saw) every entry label is placed at lb.
func (fl *fnLower) entryStubs(lb *label, entry func(p int) *label, from int, ok bool) {
	need := false
	if ok {
		for p := from; p < len(fl.scopes); p++ {
			for _, v := range fl.scopes[p].vars {
				if v.Kind == ir.Local {
					need = true
				}
			}
		}
	}
	if !need {
		for p := from; p <= len(fl.scopes); p++ {
			if e := entry(p); e != nil {
				fl.place(e)
			}
		}
		fl.place(lb)
		return
	}
	body := fl.newLabel()
	fl.jump(body, nil) // the way in from the statement before: no stub
	for p := from; p < len(fl.scopes); p++ {
		if e := entry(p); e != nil {
			fl.place(e)
		}
		for _, v := range fl.scopes[p].vars {
			if v.Kind != ir.Local {
				continue
			}
			if _, isVLA := fl.vlas[v]; isVLA {
				// C forbids it; gcc rejects it. Never approximate.
				what := "jump into the scope of variable-length array " + v.Source
				fl.l.unsupported(fl.cur, what)
				fl.emit(&ir.Unsupported{At: fl.at(), Construct: what})
				continue
			}
			fl.emit(&ir.Decl{At: fl.at(), V: v})
		}
	}
	if e := entry(len(fl.scopes)); e != nil {
		fl.place(e)
	}
	fl.place(body)
	fl.place(lb)
}

// placeCaseLabel places a case or default label: the switch's dispatch
// jumps to it from the switch's scope depth, entering the blocks between.
func (fl *fnLower) placeCaseLabel(lb *label) {
	depth := fl.sw.depth
	if depth >= len(fl.scopes) {
		fl.place(lb)
		return
	}
	// The dispatch's jumps target lb: make lb the entry stub, and let the
	// statement before fall through to a fresh label after it.
	after := fl.newLabel()
	fl.entryStubs(after, func(p int) *label {
		if p == depth {
			return lb
		}
		return nil
	}, depth, true)
}

// scanLabels is the pre-pass over a function body: it records the scopes
// enclosing each named label and, for each goto, how many of them it
// enters.
func (fl *fnLower) scanLabels(body *cc.CompoundStatement) {
	fl.labelInfo = map[string]*labelInfo{}
	type gotoRec struct {
		name  string
		chain []cc.Node
	}
	var gotos []gotoRec
	clone := func(c []cc.Node) []cc.Node { return append([]cc.Node(nil), c...) }
	var stmt func(s *cc.Statement, chain []cc.Node)
	items := func(cs *cc.CompoundStatement, chain []cc.Node) {
		for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
			if bi := l.BlockItem; bi != nil && bi.Case == cc.BlockItemStmt {
				stmt(bi.Statement, chain)
			}
		}
	}
	stmt = func(s *cc.Statement, chain []cc.Node) {
		for s != nil {
			switch s.Case {
			case cc.StatementLabeled:
				ls := s.LabeledStatement
				if ls.Case == cc.LabeledStatementLabel {
					name := ls.Token.SrcStr()
					if _, dup := fl.labelInfo[name]; !dup {
						fl.labelInfo[name] = &labelInfo{chain: clone(chain), entering: map[int]bool{}, entries: map[int]*label{}}
					}
				}
				s = ls.Statement
				continue
			case cc.StatementCompound:
				items(s.CompoundStatement, append(clone(chain), s.CompoundStatement))
			case cc.StatementSelection:
				stmt(s.SelectionStatement.Statement, chain)
				s = s.SelectionStatement.Statement2
				continue
			case cc.StatementIteration:
				is := s.IterationStatement
				if is.Case == cc.IterationStatementForDecl {
					chain = append(clone(chain), is)
				}
				s = is.Statement
				continue
			case cc.StatementJump:
				if js := s.JumpStatement; js.Case == cc.JumpStatementGoto {
					gotos = append(gotos, gotoRec{js.Token2.SrcStr(), clone(chain)})
				}
			}
			return
		}
	}
	items(body, nil)
	for _, g := range gotos {
		info := fl.labelInfo[g.name]
		if info == nil {
			continue
		}
		p := 0
		for p < len(info.chain) && p < len(g.chain) && info.chain[p] == g.chain[p] {
			p++
		}
		if p < len(info.chain) {
			info.entering[p] = true
		}
	}
}
