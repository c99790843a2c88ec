package ir

import "fmt"

// Pos is a source position. Line and Col are 1-based; a zero Pos means the
// instruction was synthesised by the front end.
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string {
	if p.File == "" && p.Line == 0 {
		return "-"
	}
	if p.Col == 0 {
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// IsValid reports whether p names a real source location.
func (p Pos) IsValid() bool { return p.Line > 0 }

// ---------------------------------------------------------------------------
// Variables

// VarKind says where a variable lives.
type VarKind int

const (
	Global VarKind = iota // file-scope objects and static locals
	Param                 // function parameters
	Local                 // automatic variables
	Temp                  // temporaries the front end introduces
)

func (k VarKind) String() string {
	return [...]string{"global", "param", "local", "temp"}[k]
}

// Var is a named object: a global, a parameter, a local or a temporary.
// Name is unique within its scope (globals in the program, the rest in
// their function); Source is the name as written in C, for traces.
type Var struct {
	Name      string
	Source    string
	Type      Type
	Kind      VarKind
	Pos       Pos
	AddrTaken bool // its address escapes: it must live in memory
	ReadOnly  bool // string literals and const globals with initialisers
	// Unit, for a global with internal linkage (static at file scope),
	// is the translation unit that defines it, the only one that can
	// name it; "" for every other variable.
	Unit string
	// Data, for globals, is the object's initial contents (shorter data is
	// zero-extended to the type's size). Program.Init runs after it, for the
	// initialisers that are not constant bytes (addresses, for one).
	Data []byte
	Func *Function
	ID   int // dense index: Program.Globals or Function.Locals
}

func (v *Var) String() string { return v.Name }

// ---------------------------------------------------------------------------
// Expressions
//
// Expressions are pure and typed: evaluating one has no effect on the state
// and, except for LAnd, LOr and Cond, evaluates every operand. Lvalues
// (VarRef, Deref, Field, Index) denote objects; in value position they
// read them.

// Expr is an IR expression.
type Expr interface {
	Type() Type
	exprNode()
}

// Const is an integer or pointer constant. Bits holds the value truncated to
// the type's width; a pointer constant is the address Bits, and 0 is NULL.
type Const struct {
	T    Type
	Bits uint64
}

// FloatConst is a floating-point constant, exact in its type: V for
// float and double, X for long double (whose V is unused, zero).
type FloatConst struct {
	T *FloatType
	V float64
	X Float80
}

// NewFloatConst is the constant v, which must be exact in t, of type t:
// in X for long double, in V for the others.
func NewFloatConst(t *FloatType, v float64) *FloatConst {
	if t.IsLong() {
		return &FloatConst{T: t, X: Float80FromFloat64(v)}
	}
	return &FloatConst{T: t, V: v}
}

// VarRef denotes variable V.
type VarRef struct{ V *Var }

// Deref denotes the object *P of type T (P's element type).
type Deref struct {
	P Expr
	T Type
}

// Field denotes member Index of struct or union lvalue X.
type Field struct {
	X     Expr
	Index int
}

// Index denotes element I of array lvalue X. I is a signed or unsigned
// integer; an index outside [0, Len) is an out-of-bounds access.
type Index struct {
	X Expr
	I Expr
}

// AddrOf is the address of lvalue X.
type AddrOf struct {
	X Expr
	T *PointerType
}

// FuncAddr is the address of function F, a pointer to its function type.
// A function is an object of its own kind: its address compares equal
// only to itself, it has no bytes to read or write (an access through it
// is invalid) and it is never freeable. Calls through function pointers do
// not exist in the IR: the front end turns each into a dispatch that
// compares the pointer with the FuncAddr of every address-taken function
// of a compatible type and calls that function directly (see cfront's
// fnptr.go), asserting a PropFuncPointer property when none matches.
type FuncAddr struct {
	F *Function
	T *PointerType
}

// UnOp is a unary operator.
type UnOp int

const (
	Neg  UnOp = iota // -x, two's complement for integers
	BNot             // ~x
	LNot             // !x: int 1 if x == 0, else 0
)

// BinOp is a binary operator.
type BinOp int

const (
	Add BinOp = iota
	Sub
	Mul
	Div // truncates toward zero; see doc.go for x/0 and INT_MIN/-1
	Rem
	Shl
	Shr // arithmetic for signed X, logical for unsigned
	And
	Or
	Xor
	Eq // comparisons yield int 0 or 1
	Ne
	Lt
	Le
	Gt
	Ge
	LAnd   // lazy: Y is evaluated only when X != 0; yields int 0 or 1
	LOr    // lazy: Y is evaluated only when X == 0
	PtrAdd // X pointer, Y integer: X + Y*sizeof(*X)
	PtrSub // X and Y pointers to the same object: (X-Y)/sizeof(*X)
)

var binOpNames = [...]string{
	Add: "+", Sub: "-", Mul: "*", Div: "/", Rem: "%", Shl: "<<", Shr: ">>",
	And: "&", Or: "|", Xor: "^", Eq: "==", Ne: "!=", Lt: "<", Le: "<=",
	Gt: ">", Ge: ">=", LAnd: "&&", LOr: "||", PtrAdd: "+p", PtrSub: "-p",
}

func (op BinOp) String() string { return binOpNames[op] }
func (op UnOp) String() string  { return [...]string{"-", "~", "!"}[op] }

// IsComparison reports whether op yields a truth value.
func (op BinOp) IsComparison() bool { return op >= Eq && op <= LOr }

// IsTruth reports whether e is a truth value already (0 or 1): a
// comparison, a logical operator or a negation.
func IsTruth(e Expr) bool {
	switch e := e.(type) {
	case *Binary:
		return e.Op.IsComparison()
	case *Unary:
		return e.Op == LNot
	}
	return false
}

// Unary applies Op to X; T is X's type except for LNot (int).
type Unary struct {
	Op UnOp
	X  Expr
	T  Type
}

// Binary applies Op. For arithmetic, X, Y and T share one type (the front
// end inserts C's conversions); shifts take Y of any integer type;
// comparisons compare X and Y of one type and yield T = int.
type Binary struct {
	Op   BinOp
	X, Y Expr
	T    Type
}

// Cast converts X to T with C's conversion rules: integer truncation or
// extension, x != 0 for _Bool, truncation toward zero for float to integer,
// round-to-nearest for integer to float, reinterpretation for pointers.
type Cast struct {
	X Expr
	T Type
}

// Cond is C's ?: without side effects: only the chosen branch is evaluated.
type Cond struct {
	C, X, Y Expr
	T       Type
}

// Nondet is a nondeterministic value of type T. It may appear only as the
// whole right-hand side of an Assign; Name says where it came from
// ("__VERIFIER_nondet_int", or "uninitialised x"), for traces and witnesses.
type Nondet struct {
	T    Type
	Name string
}

// Valid is int 1 when pointer P may be used to access N bytes: it names a
// live object (not NULL, not a freed heap block, not a variable outside its
// lifetime or of a returned activation), the N bytes from its offset lie
// inside that object and, for a Write, the object is not read-only (a
// string literal or const object); otherwise 0. The front end never emits it: the
// optional pointer check (package checks) asserts it before dereferences,
// and the interpreter evaluates it with the same test that makes an access
// fault, so a failed check and a fault are the same event.
type Valid struct {
	P     Expr
	N     int64
	Write bool
	T     Type // int
}

// Freeable is int 1 when free(P) is defined: P is NULL or points to the
// start of a live block from malloc or calloc; otherwise 0 (a double free,
// a pointer into the middle of a block, to a variable or an alloca block).
// Like Valid, only the pointer check (package checks) emits it.
type Freeable struct {
	P Expr
	T Type // int
}

func (e *Const) Type() Type      { return e.T }
func (e *FloatConst) Type() Type { return e.T }
func (e *VarRef) Type() Type     { return e.V.Type }
func (e *Deref) Type() Type      { return e.T }
func (e *Field) Type() Type      { return e.X.Type().(*StructType).Fields[e.Index].Type }
func (e *Index) Type() Type      { return e.X.Type().(*ArrayType).Elem }
func (e *AddrOf) Type() Type     { return e.T }
func (e *FuncAddr) Type() Type   { return e.T }
func (e *Unary) Type() Type      { return e.T }
func (e *Binary) Type() Type     { return e.T }
func (e *Cast) Type() Type       { return e.T }
func (e *Cond) Type() Type       { return e.T }
func (e *Nondet) Type() Type     { return e.T }
func (e *Valid) Type() Type      { return e.T }
func (e *Freeable) Type() Type   { return e.T }

func (*Const) exprNode()      {}
func (*FloatConst) exprNode() {}
func (*VarRef) exprNode()     {}
func (*Deref) exprNode()      {}
func (*Field) exprNode()      {}
func (*Index) exprNode()      {}
func (*AddrOf) exprNode()     {}
func (*FuncAddr) exprNode()   {}
func (*Unary) exprNode()      {}
func (*Binary) exprNode()     {}
func (*Cast) exprNode()       {}
func (*Cond) exprNode()       {}
func (*Nondet) exprNode()     {}
func (*Valid) exprNode()      {}
func (*Freeable) exprNode()   {}

// IsLvalue reports whether e denotes an object.
func IsLvalue(e Expr) bool {
	switch e := e.(type) {
	case *VarRef, *Deref:
		return true
	case *Field:
		return IsLvalue(e.X)
	case *Index:
		return IsLvalue(e.X)
	}
	return false
}

// ---------------------------------------------------------------------------
// Instructions

// Instr is one GOTO-program instruction.
type Instr interface {
	Pos() Pos
	instrNode()
}

// At is embedded in every instruction to carry its source position.
type At struct{ P Pos }

func (a *At) Pos() Pos { return a.P }

// Decl starts V's lifetime. Its value is nondeterministic until assigned
// (C's indeterminate value, which SV-COMP and a sound verifier treat as
// any value) and is an input of the execution — unless HasInit says that
// an initialiser follows, which overwrites it: then V starts zeroed and no
// input is consumed.
type Decl struct {
	At
	V       *Var
	HasInit bool
}

// Dead ends V's lifetime: pointers to it dangle from here on.
type Dead struct {
	At
	V *Var
}

// Assign stores Rhs into lvalue Lhs. Both have the same type; aggregates
// are copied whole. Rhs may be a Nondet.
type Assign struct {
	At
	Lhs, Rhs Expr
	// BitField, when the assignment stores a bit-field into its access
	// unit (Lhs, a Field of the unit member), says which: traces show
	// the field and its value, not the unit.
	BitField *BitFieldStore
}

// BitFieldStore is the bit-field an Assign to its access unit stores.
type BitFieldStore struct {
	Name         string // the member's name
	Shift, Width int    // its place in the unit
	Signed       bool
	Source       string // the assignment as written ("s.a = n"), or ""
}

// Assume cuts off every execution in which Cond is zero.
type Assume struct {
	At
	Cond Expr
}

// PropKind classifies a property, as reports group them.
type PropKind int

const (
	PropAssertion    PropKind = iota // assert(), __VERIFIER_assert via reach_error
	PropReachError                   // a call of reach_error / __VERIFIER_error
	PropOverflow                     // signed arithmetic overflow
	PropDivByZero                    // division or remainder by zero
	PropBounds                       // array index out of bounds
	PropPointer                      // NULL, dangling or out-of-object dereference
	PropUnwinding                    // a loop ran past the unwinding bound
	PropUnsupported                  // execution reached a construct we cannot model
	PropFuncPointer                  // a call through a pointer that is none of the candidate functions
	PropPrecondition                 // prbmc_requires(c): the caller must make c true
)

var propKindNames = [...]string{"assertion", "reach-error", "overflow", "div-by-zero", "bounds", "pointer", "unwinding", "unsupported", "function-pointer", "precondition"}

func (k PropKind) String() string { return propKindNames[k] }

// Property is what an Assert checks.
type Property struct {
	ID   string // stable within a program: "main.assertion.1"
	Kind PropKind
	Text string // the condition as written, or a description
	Pos  Pos
	Func string
}

// Assert checks Cond; an execution reaching it with Cond == 0 violates Prop.
type Assert struct {
	At
	Cond Expr
	Prop *Property
}

// Goto jumps to instruction Target of the same function when Cond is
// nonzero (always when Cond is nil).
type Goto struct {
	At
	Cond   Expr
	Target int
}

// Builtin names an operation the front end recognised in a call.
type Builtin int

const (
	NotBuiltin Builtin = iota
	BMalloc            // Result := malloc(Args[0])
	BCalloc            // Result := calloc(Args[0], Args[1]), zero-filled
	BAlloca            // Result := a stack block of Args[0] bytes (VLAs)
	BFree              // free(Args[0])
	BMemset            // memset(Args[0], Args[1], Args[2])
	BMemcpy            // memcpy(Args[0], Args[1], Args[2]); overlap is undefined
	BMemmove           // memmove(Args[0], Args[1], Args[2])
	BAbort             // ends the execution without error
	BExit              // ends the execution with status Args[0]
	BPrintf            // printf(Args...): output only, returns a count
	BPutchar
	BPuts
	// BHavoc gives every byte of the object Args[0] points into a
	// nondeterministic value (an input, as malloc's contents are); NULL and
	// read-only objects are left alone. Harness stubs of functions without
	// a body use it for the memory their pointer arguments reach.
	BHavoc
	// BSizeAfter is the number of bytes from Args[0] to the end of the
	// object it points into (0 for NULL or a pointer past its object):
	// what the library models (realloc) need to know of a block they are
	// given, which C cannot ask.
	BSizeAfter
	// BSetup with Args[0] non-zero starts, and with zero ends, a stretch
	// in which assertions are assumed instead of checked: a harness
	// brings a handle to a state with the unit's own operations, and an
	// operation called against its contract there is a state no caller
	// makes, not a bug of the function under test.
	BSetup
	// BVaStart is a block holding the current activation's extra
	// arguments (those past the parameters, promoted), one 8-byte slot
	// each, in order (integers and pointers in their low bytes, doubles
	// as their bits), the rest zero: what va_start points a va_list to.
	BVaStart
)

var builtinNames = [...]string{"", "malloc", "calloc", "alloca", "free", "memset", "memcpy", "memmove", "abort", "exit", "printf", "putchar", "puts", "havoc", "__prbmc_size_after", "__prbmc_setup", "va_start"}

func (b Builtin) String() string { return builtinNames[b] }

// Call calls Fn (or Builtin) with Args, storing the result in Result when it
// is not nil. Arguments are evaluated before the call, in order.
type Call struct {
	At
	Result  Expr
	Fn      *Function
	Builtin Builtin
	Args    []Expr
	// AllocType, for malloc-like builtins, is the type the program stores
	// in the block (from the pointer the result is converted to). It is a
	// layout hint for engines, not semantics.
	AllocType Type
}

// Return leaves the function, with Value unless it returns void.
type Return struct {
	At
	Value Expr
}

// Skip does nothing; labels and loop heads often point at one.
type Skip struct{ At }

// Unsupported marks a construct the front end could not model faithfully.
// An execution that reaches it has an unknown outcome: engines report
// "unknown" with Construct, never a verdict.
type Unsupported struct {
	At
	Construct string
}

func (*Decl) instrNode()        {}
func (*Dead) instrNode()        {}
func (*Assign) instrNode()      {}
func (*Assume) instrNode()      {}
func (*Assert) instrNode()      {}
func (*Goto) instrNode()        {}
func (*Call) instrNode()        {}
func (*Return) instrNode()      {}
func (*Skip) instrNode()        {}
func (*Unsupported) instrNode() {}

// ---------------------------------------------------------------------------
// Functions and programs

// Loop is a loop of a function's body: the instructions Head..Latch, where
// the backward Goto at Latch jumps to Head. The front end emits structured
// loops in this shape; a goto that jumps backwards forms one too.
type Loop struct {
	Head   int
	Latch  int
	Parent *Loop // the innermost enclosing loop, or nil
	Pos    Pos
}

// Function is a C function. Body is nil for functions only declared.
type Function struct {
	Name   string
	Type   *FuncType
	Params []*Var
	Locals []*Var // parameters first, then locals and temps
	Body   []Instr
	Loops  []*Loop
	Pos    Pos
	End    Pos // the closing brace
	Static bool
	// Library is true for functions of the system headers and our library
	// models, so reports and harnesses can tell user code apart.
	Library bool
	// ConstParams[i] says parameter i points to const-qualified data, which
	// the function cannot legally write: a harness stub of a function
	// without a body leaves that memory alone. Missing entries are false.
	ConstParams []bool
	// Implicit: the function was never declared, only called (C89's
	// implicit int name()); Pos is its first call.
	Implicit bool
}

// HasBody reports whether f is defined.
func (f *Function) HasBody() bool { return f.Body != nil }

// Program is a whole linked C program.
type Program struct {
	DataModel DataModel
	Globals   []*Var
	Funcs     []*Function // in source order
	// Init assigns the initial values of globals and static locals; before
	// it runs every global is zero, as C says of static storage.
	Init  *Function
	Types []*StructType // struct and union types, for the printer
	// Props lists every property of the program in order.
	Props  []*Property
	byName map[string]*Function
}

// Func returns the function called name, or nil. It only reads, so
// concurrent replays of one program are safe.
func (p *Program) Func(name string) *Function {
	if p.byName != nil {
		return p.byName[name]
	}
	for _, f := range p.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// AddFunc appends f and keeps the name index current.
func (p *Program) AddFunc(f *Function) {
	p.Funcs = append(p.Funcs, f)
	if p.byName == nil {
		p.byName = map[string]*Function{}
	}
	p.byName[f.Name] = f
}
