package starmeter

import (
	"fmt"
	"maps"
	"slices"

	"go.starlark.net/syntax"
)

// rewrite changes a parsed rule file, before it is resolved and compiled, so
// that every operation that can allocate more than a few bytes in one step
// calls a wrapper of the sandbox (sandbox.go), which charges the meter
// before allocating:
//
//	x + y, x * y, x % y, … (arithmetic)   →  $+(x, y), …
//	-x, ~x                                →  $-x(x), $~x(x)
//	x[a:b:c]                              →  $slice(x, a, b, c)
//	x.f(args)                             →  $call(x, "f", args)
//	x.f                                   →  $attr(x, "f")   (a metered method)
//	x op= y                               →  x op= $op=(x, y) (x read twice only when that is pure)
//	(a, b)                                →  $tuple(a, b)   (knows its depth)
//	{k: v}                                →  $dict({k: v})
//	def f(*args): …                       →  def f(*args): args = $args(args); …
//
// Positions are kept: a call's "(" is the operator's position, so errors
// and backtraces point where they did. Built-in functions (len, sorted, …)
// need no rewriting: the sandbox predeclares metered ones under their names.
// Comparisons, `in`, indexing, literals and comprehensions allocate at most
// a few dozen bytes a step; the meter charges StepBytes for every step.
//
// The wrappers are predeclared as "$$+" and so on, and a prelude binds each
// one the file uses to a global "$+" (`$+ = $$+`): a global is an index into
// the module's array, where a predeclared name is a map lookup each time.
type rewriter struct {
	temps int             // temporaries made so far
	used  map[string]bool // wrappers used
}

func ident(name string, pos syntax.Position) *syntax.Ident {
	return &syntax.Ident{NamePos: pos, Name: name}
}

// call returns a call of the wrapper name.
func (rw *rewriter) call(name string, pos, end syntax.Position, args ...syntax.Expr) *syntax.CallExpr {
	return &syntax.CallExpr{Fn: rw.wrapper(name, pos), Lparen: pos, Args: args, Rparen: end}
}

// wrapper returns a reference to the global bound to the wrapper name.
func (rw *rewriter) wrapper(name string, pos syntax.Position) *syntax.Ident {
	if rw.used == nil {
		rw.used = make(map[string]bool)
	}
	rw.used[name] = true
	return ident(name, pos)
}

func str(s string, pos syntax.Position) *syntax.Literal {
	return &syntax.Literal{Token: syntax.STRING, TokenPos: pos, Raw: fmt.Sprintf("%q", s), Value: s}
}

func end(e syntax.Node) syntax.Position {
	_, end := e.Span()
	return end
}

func (rw *rewriter) file(f *syntax.File) {
	f.Stmts = rw.stmts(f.Stmts)
	pos := syntax.MakePosition(&f.Path, 1, 1)
	var prelude []syntax.Stmt
	for _, name := range slices.Sorted(maps.Keys(rw.used)) {
		prelude = append(prelude, &syntax.AssignStmt{OpPos: pos, Op: syntax.EQ, LHS: ident(name, pos), RHS: ident("$"+name, pos)})
	}
	f.Stmts = append(prelude, f.Stmts...)
}

func (rw *rewriter) stmts(list []syntax.Stmt) []syntax.Stmt {
	out := make([]syntax.Stmt, 0, len(list))
	for _, s := range list {
		out = append(out, rw.stmt(s)...)
	}
	return out
}

func (rw *rewriter) stmt(s syntax.Stmt) []syntax.Stmt {
	switch s := s.(type) {
	case *syntax.AssignStmt:
		if s.Op == syntax.EQ {
			s.RHS = rw.expr(s.RHS)
			s.LHS = rw.target(s.LHS)
			return []syntax.Stmt{s}
		}
		return rw.augmented(s)
	case *syntax.ExprStmt:
		s.X = rw.expr(s.X)
	case *syntax.IfStmt:
		s.Cond = rw.expr(s.Cond)
		s.True = rw.stmts(s.True)
		s.False = rw.stmts(s.False)
	case *syntax.ForStmt:
		s.X = rw.expr(s.X)
		s.Vars = rw.target(s.Vars)
		s.Body = rw.stmts(s.Body)
	case *syntax.WhileStmt:
		s.Cond = rw.expr(s.Cond)
		s.Body = rw.stmts(s.Body)
	case *syntax.ReturnStmt:
		if s.Result != nil {
			s.Result = rw.expr(s.Result)
		}
	case *syntax.DefStmt:
		rw.params(s.Params)
		s.Body = rw.stmts(s.Body)
		if args := starArgs(s.Params); args != nil {
			// args = $args(args): a copy that knows its depth.
			mark := &syntax.AssignStmt{OpPos: s.Def, Op: syntax.EQ, LHS: ident(args.Name, args.NamePos),
				RHS: rw.call("$args", s.Def, s.Def, ident(args.Name, args.NamePos))}
			s.Body = append([]syntax.Stmt{mark}, s.Body...)
		}
	}
	return []syntax.Stmt{s}
}

// starArgs returns the name of a *args parameter, or nil.
func starArgs(params []syntax.Expr) *syntax.Ident {
	for _, p := range params {
		if u, ok := p.(*syntax.UnaryExpr); ok && u.Op == syntax.STAR && u.X != nil {
			if id, ok := u.X.(*syntax.Ident); ok {
				return id
			}
		}
	}
	return nil
}

// params rewrites default values (evaluated when the def runs).
func (rw *rewriter) params(ps []syntax.Expr) {
	for _, p := range ps {
		if b, ok := p.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
			b.Y = rw.expr(b.Y)
		}
	}
}

// pure reports whether evaluating e twice is the same as once: a name or a
// constant. (Starlark functions cannot rebind a caller's names.)
func pure(e syntax.Expr) bool {
	switch e := e.(type) {
	case *syntax.Ident, *syntax.Literal:
		return true
	case *syntax.ParenExpr:
		return pure(e.X)
	}
	return false
}

// temp returns a new name for a temporary: "$1", "$2", … (names no rule
// file can write).
func (rw *rewriter) temp(pos syntax.Position) *syntax.Ident {
	rw.temps++
	return ident(fmt.Sprintf("$%d", rw.temps), pos)
}

// copyTarget returns a fresh copy of a pure target expression (the
// resolver annotates every identifier node, so nodes cannot be shared).
func copyTarget(e syntax.Expr) syntax.Expr {
	switch e := e.(type) {
	case *syntax.Ident:
		return ident(e.Name, e.NamePos)
	case *syntax.Literal:
		c := *e
		return &c
	case *syntax.ParenExpr:
		return &syntax.ParenExpr{Lparen: e.Lparen, X: copyTarget(e.X), Rparen: e.Rparen}
	case *syntax.IndexExpr:
		return &syntax.IndexExpr{X: copyTarget(e.X), Lbrack: e.Lbrack, Y: copyTarget(e.Y), Rbrack: e.Rbrack}
	}
	panic(fmt.Sprintf("rules: copyTarget(%T)", e))
}

// augmented rewrites x op= y to x op= $op=(x, y), where the guard charges
// for the result of the operation and returns y; the assignment itself runs
// as compiled, so that lists and dicts are updated in place. The operands
// of an index target are evaluated into temporaries first unless pure.
func (rw *rewriter) augmented(s *syntax.AssignStmt) []syntax.Stmt {
	op := s.Op - syntax.PLUS_EQ + syntax.PLUS
	var pre []syntax.Stmt
	lhs := s.LHS
	for {
		p, ok := lhs.(*syntax.ParenExpr)
		if !ok {
			break
		}
		lhs = p.X
	}
	hoist := func(e syntax.Expr) syntax.Expr {
		if pure(e) {
			return e
		}
		t := rw.temp(syntax.Start(e))
		pre = append(pre, &syntax.AssignStmt{OpPos: syntax.Start(e), Op: syntax.EQ, LHS: t, RHS: rw.expr(e)})
		return ident(t.Name, t.NamePos)
	}
	switch l := lhs.(type) {
	case *syntax.Ident:
		s.RHS = rw.call(augName(op), s.OpPos, end(s.RHS), ident(l.Name, l.NamePos), rw.expr(s.RHS))
	case *syntax.IndexExpr:
		l.X, l.Y = hoist(l.X), hoist(l.Y)
		s.LHS = l
		s.RHS = rw.call(augName(op), s.OpPos, end(s.RHS), copyTarget(l), rw.expr(s.RHS))
	default:
		// x.f op= y: no value of the sandbox has a field to assign, and
		// x.f is a method, on which no operator allocates.
		s.LHS = rw.target(s.LHS)
		s.RHS = rw.expr(s.RHS)
	}
	return append(pre, s)
}

// target rewrites the expressions inside an assignment target, keeping
// the target itself assignable.
func (rw *rewriter) target(e syntax.Expr) syntax.Expr {
	switch e := e.(type) {
	case *syntax.IndexExpr:
		e.X, e.Y = rw.expr(e.X), rw.expr(e.Y)
	case *syntax.DotExpr:
		e.X = rw.expr(e.X)
	case *syntax.ParenExpr:
		e.X = rw.target(e.X)
	case *syntax.TupleExpr:
		for i, x := range e.List {
			e.List[i] = rw.target(x)
		}
	case *syntax.ListExpr:
		for i, x := range e.List {
			e.List[i] = rw.target(x)
		}
	}
	return e
}

func isArith(op syntax.Token) bool {
	for _, a := range arithmetic {
		if a == op {
			return true
		}
	}
	return false
}

// isLiteral reports whether e is a literal (a constant in the compiled code).
func isLiteral(e syntax.Expr) bool {
	_, ok := e.(*syntax.Literal)
	return ok
}

func (rw *rewriter) expr(e syntax.Expr) syntax.Expr {
	switch e := e.(type) {
	case *syntax.BinaryExpr:
		e.X, e.Y = rw.expr(e.X), rw.expr(e.Y)
		if isArith(e.Op) {
			return rw.call(opName(e.Op), e.OpPos, end(e), e.X, e.Y)
		}
	case *syntax.UnaryExpr:
		if e.X != nil {
			e.X = rw.expr(e.X)
		}
		switch {
		case e.Op == syntax.MINUS && !isLiteral(e.X):
			return rw.call("$-x", e.OpPos, end(e), e.X)
		case e.Op == syntax.TILDE && !isLiteral(e.X):
			return rw.call("$~x", e.OpPos, end(e), e.X)
		}
	case *syntax.ParenExpr:
		e.X = rw.expr(e.X)
	case *syntax.CallExpr:
		rw.args(e.Args)
		if dot, ok := e.Fn.(*syntax.DotExpr); ok {
			args := append([]syntax.Expr{rw.expr(dot.X), str(dot.Name.Name, dot.NamePos)}, e.Args...)
			return &syntax.CallExpr{Fn: rw.wrapper("$call", dot.Dot), Lparen: e.Lparen, Args: args, Rparen: e.Rparen}
		}
		e.Fn = rw.expr(e.Fn)
	case *syntax.DotExpr:
		return rw.call("$attr", e.Dot, end(e), rw.expr(e.X), str(e.Name.Name, e.NamePos))
	case *syntax.IndexExpr:
		e.X, e.Y = rw.expr(e.X), rw.expr(e.Y)
	case *syntax.SliceExpr:
		part := func(x syntax.Expr) syntax.Expr {
			if x == nil {
				return rw.wrapper("$none", e.Lbrack)
			}
			return rw.expr(x)
		}
		return rw.call("$slice", e.Lbrack, e.Rbrack, rw.expr(e.X), part(e.Lo), part(e.Hi), part(e.Step))
	case *syntax.Comprehension:
		for _, c := range e.Clauses {
			switch c := c.(type) {
			case *syntax.ForClause:
				c.X = rw.expr(c.X)
				c.Vars = rw.target(c.Vars)
			case *syntax.IfClause:
				c.Cond = rw.expr(c.Cond)
			}
		}
		e.Body = rw.expr(e.Body)
	case *syntax.CondExpr:
		e.Cond, e.True, e.False = rw.expr(e.Cond), rw.expr(e.True), rw.expr(e.False)
	case *syntax.DictEntry:
		e.Key, e.Value = rw.expr(e.Key), rw.expr(e.Value)
	case *syntax.DictExpr:
		for i, x := range e.List {
			e.List[i] = rw.expr(x)
		}
		return rw.call("$dict", e.Lbrace, e.Rbrace, e)
	case *syntax.ListExpr:
		for i, x := range e.List {
			e.List[i] = rw.expr(x)
		}
	case *syntax.TupleExpr:
		allConst := true
		for i, x := range e.List {
			e.List[i] = rw.expr(x)
			allConst = allConst && isLiteral(e.List[i])
		}
		if !allConst {
			start, end := e.Span()
			return rw.call("$tuple", start, end, e.List...)
		}
	case *syntax.LambdaExpr:
		rw.params(e.Params)
		e.Body = rw.expr(e.Body)
		if args := starArgs(e.Params); args != nil {
			// lambda *a: body  →  lambda *a: (lambda a: body)($args(a))
			inner := &syntax.LambdaExpr{Lambda: e.Lambda, Params: []syntax.Expr{ident(args.Name, args.NamePos)}, Body: e.Body}
			e.Body = &syntax.CallExpr{Fn: inner, Lparen: e.Lambda, Args: []syntax.Expr{
				rw.call("$args", e.Lambda, e.Lambda, ident(args.Name, args.NamePos))}, Rparen: end(e.Body)}
		}
	}
	return e
}

// args rewrites call arguments: x, name=x, *x, **x.
func (rw *rewriter) args(args []syntax.Expr) {
	for i, a := range args {
		switch a := a.(type) {
		case *syntax.BinaryExpr:
			if a.Op == syntax.EQ {
				a.Y = rw.expr(a.Y)
				continue
			}
		case *syntax.UnaryExpr:
			if a.Op == syntax.STAR || a.Op == syntax.STARSTAR {
				a.X = rw.expr(a.X)
				continue
			}
		}
		args[i] = rw.expr(a)
	}
}
