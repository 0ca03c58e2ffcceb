package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/grundy/grundy/nimber"
)

// nimberEval answers /api/nimber?expr=E: the value of a nim-arithmetic
// expression, {"expr":…,"value":…}, as `grundy nimber E --json` prints it
// (value an exact JSON number, however large). A malformed expression or a
// division by 0 is a 400 naming the column (an expression in x, a
// polynomial, with "use":"nimber/solve"); an evaluation past the work
// budget (nimber.DefaultWork products of 64-bit nimbers) a 422.
func (s *Server) nimberEval(r *http.Request) (any, error) {
	expr, err := s.field(r, "expr", true)
	if err != nil {
		return nil, err
	}
	v, err := nimber.EvalContext(r.Context(), expr, nimber.Settings{})
	if errors.Is(err, nimber.ErrVariable) {
		return nil, &useError{Err: fmt.Errorf("%w; /api/nimber/solve?poly= finds them", err), Use: "nimber/solve"}
	}
	if err != nil {
		return nil, err
	}
	return nimber.Evaluation{Expr: expr, Value: v}, nil
}

// nimberSolve answers /api/nimber/solve?poly=P: the roots in GF(2^64) of a
// polynomial in x, {"poly":…,"roots":[…]}, as `grundy nimber --solve P
// --json` prints them.
func (s *Server) nimberSolve(r *http.Request) (any, error) {
	poly, err := s.field(r, "poly", true)
	if err != nil {
		return nil, err
	}
	return nimber.SolveContext(r.Context(), poly, nimber.Settings{})
}

// nimberTable answers /api/nimber/table[?size=N]: the nim-multiplication
// table of 0..N−1 (default 16, at most nimber.MaxTable), {"size":…,
// "table":[[…],…]}, as `grundy nimber --table N --json` prints it.
func (s *Server) nimberTable(r *http.Request) (any, error) {
	n, err := s.intFieldOr(r, "size", 1, nimber.MaxTable, 16)
	if err != nil {
		return nil, err
	}
	t, err := nimber.Table(int(n))
	if err != nil {
		return nil, badRequest("%v", err)
	}
	return nimber.TableResult{Size: int(n), Table: t}, nil
}
