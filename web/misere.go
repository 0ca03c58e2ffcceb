package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/rules"
)

// Bounds of /api/misere/quotient: the heaps computed and the quotient's
// size (beyond the server's memory limit, which bounds every computation).
const (
	maxMisereHeaps = 1000
	maxMisereSize  = 1 << 30
)

// misereForm answers /api/misere/form and /api/misere/genus?game=G&position=P:
// the misère canonical form, the genus and the misère outcome of a
// position, as `grundy misere form G P --json` prints them.
func (s *Server) misereForm(r *http.Request) (any, error) {
	g, pos, err := s.gameAt(r)
	if err != nil {
		return nil, err
	}
	res, err := g.SolveMisereForm(r.Context(), pos, misereOptions(s.baseOptions()))
	if err != nil {
		return nil, err
	}
	return res, nil
}

// misereQuotient answers /api/misere/quotient?game=G[&heaps=N][&max_size=S]:
// the misère quotient of a heap game, as `grundy misere quotient G --heaps N
// --json` prints it: of the heaps 0..N (at most maxMisereHeaps), or without
// heaps= until the periodicity theorem proves it (or a limit stops it: the
// answer then has status "stopped" and says where and why, as the CLI
// prints before its error line); at most S elements when max_size= is
// given.
//
// With position= (repeated, one per position) it is the quotient of those
// positions of any game and their followers, as `grundy misere quotient G
// --position P … --json` prints it (heaps= is then refused).
func (s *Server) misereQuotient(r *http.Request) (any, error) {
	g, heaps, size, err := s.quotientParams(r)
	if err != nil {
		return nil, err
	}
	positions, err := s.positionList(r, heaps)
	if err != nil {
		return nil, err
	}
	if positions != nil {
		res, err := g.SolveMiserePositions(r.Context(), positions, size, misereOptions(s.baseOptions()))
		var stop *misere.StopError
		if res != nil && errors.As(err, &stop) {
			return stoppedPositions{res, limitWords(err)}, nil
		}
		if err != nil {
			return nil, positionParam(err, positions)
		}
		return res, nil
	}
	res, err := g.SolveMisereQuotient(r.Context(), heaps, size, misereOptions(s.baseOptions()))
	var stop *misere.StopError
	if res != nil && errors.As(err, &stop) {
		return stoppedQuotient{res, limitWords(err)}, nil
	}
	var ce *catalog.CapabilityError
	if errors.As(err, &ce) && !g.Info().Heap {
		return nil, badRequest("%s; position= (repeated) gives the quotient of some of its positions and their followers", err.Error())
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

// A quotient stopped by a limit is answered as data: the library's, as
// `grundy misere quotient --json` prints it (its stop's reason says what
// was exceeded, in the library's words), with "hint": which limit of the
// API stopped it (limitWords), as the command line's error line adds its
// flag.
type (
	stoppedQuotient struct {
		*catalog.MisereQuotient
		Hint string `json:"hint,omitempty"`
	}
	stoppedPositions struct {
		*catalog.MiserePositions
		Hint string `json:"hint,omitempty"`
	}
)

// limitWords names the limit of the API that stopped a computation, in
// its words: the parameter to raise, or the server's limits per
// computation; "" for a stop no limit of the API explains (a client gone,
// a construction that gave up, Extend's heap limit, past heaps='s).
func limitWords(err error) string {
	var be *impartial.BudgetError
	var re *rules.RuleError
	if !errors.As(err, &be) {
		if errors.As(err, &re) && re.Limited() {
			return "the server's limits of rule files" // a call's wall clock
		}
		return ""
	}
	switch be.Limit {
	case impartial.LimitSize:
		return "raise max_size"
	case impartial.LimitSteps:
		return "the server's limits of rule files"
	case impartial.LimitTime:
		return "the server's time limit per computation"
	case impartial.LimitCanceled, impartial.LimitHeaps:
		return ""
	}
	return "the server's work budget per computation"
}

// quotientParams reads game=, heaps= (−1 when absent: until proved) and
// max_size= (0 when absent: no limit).
func (s *Server) quotientParams(r *http.Request) (*catalog.Game, int, int, error) {
	g, err := s.game(r)
	if err != nil {
		return nil, 0, 0, err
	}
	heaps, err := s.intFieldOr(r, "heaps", 0, maxMisereHeaps, -1)
	if err != nil {
		return nil, 0, 0, err
	}
	size, err := s.intFieldOr(r, "max_size", 1, maxMisereSize, 0)
	if err != nil {
		return nil, 0, 0, err
	}
	return g, int(heaps), int(size), nil
}

// positionList reads the positions of a quotient of positions (position=,
// repeated), nil when there are none: together they are at most the
// server's MaxInput bytes, and they exclude heaps= (given: heaps ≥ 0).
func (s *Server) positionList(r *http.Request, heaps int) ([]string, error) {
	ps := r.Form["position"]
	if len(ps) == 0 {
		return nil, nil
	}
	if heaps >= 0 {
		return nil, badRequest("parameters \"heaps\" and \"position\" exclude each other: heaps is for the heaps 0..N of a heap game, position for the given positions and their followers")
	}
	total := 0
	for _, p := range ps {
		total += len(p)
	}
	if total > s.cfg.MaxInput {
		return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("parameters \"position\" too long: %d bytes in all (at most %d)", total, s.cfg.MaxInput)}
	}
	return ps, nil
}

// positionParam names the position= value a position error is about (the
// first value equal to the position the error quotes: the positions are
// read in order, so an equal one before it would have failed first), so
// that the page shows the error next to that position's field.
func positionParam(err error, positions []string) error {
	var pe *catalog.PositionError
	if !errors.As(err, &pe) {
		return err
	}
	for i, p := range positions {
		if p == pe.Position {
			return &paramError{Err: err, Param: "position", Index: i + 1}
		}
	}
	return err
}

// MisereTable is the answer of /api/misere/table: the multiplication table
// of a quotient (element indices; the names are the quotient's elements).
type MisereTable struct {
	Game     string          `json:"game"`
	Heaps    int             `json:"heaps"`
	Size     int             `json:"size"`
	Elements []string        `json:"elements"`
	PPortion []string        `json:"p_portion"`
	Table    json.RawMessage `json:"table"`
}

// misereTable answers /api/misere/table with the parameters of
// /api/misere/quotient (heaps= or position=): the whole multiplication table, whatever the
// quotient's size, within the server's output budget (n² numbers).
func (s *Server) misereTable(r *http.Request) (any, error) {
	g, heaps, size, err := s.quotientParams(r)
	if err != nil {
		return nil, err
	}
	positions, err := s.positionList(r, heaps)
	if err != nil {
		return nil, err
	}
	var q *misere.Quotient
	if positions != nil {
		var p *catalog.PositionsQuotient
		p, err = g.ComputeMiserePositions(r.Context(), positions, misere.Settings{MaxSize: size}, misereOptions(s.baseOptions()))
		if p != nil {
			q = p.Quotient
		}
	} else {
		var done func()
		q, done, err = g.ComputeMisereQuotient(r.Context(), heaps, misere.Settings{MaxSize: size}, misereOptions(s.baseOptions()))
		defer done()
	}
	var stop *misere.StopError
	if q == nil || (err != nil && !errors.As(err, &stop)) {
		return nil, positionParam(err, positions)
	}
	if m := s.cfg.Budget.MaxOutput; m > 0 && q.TableBytes() > m {
		return nil, &impartial.BudgetError{Limit: impartial.LimitOutput, Max: m, What: fmt.Sprintf("the multiplication table of %d elements", q.Size())}
	}
	var b bytes.Buffer
	if err := q.WriteTable(r.Context(), &b); err != nil {
		return nil, err
	}
	return &MisereTable{Game: g.Info().Spec, Heaps: q.Heaps(), Size: q.Size(), Elements: q.Elements(), PPortion: q.PPortion(), Table: bytes.TrimSpace(b.Bytes())}, nil
}

// misereSolve answers /api/misere/solve?game=G&position=HEAPS: a sum of
// heaps answered through the misère quotient (image, outcome, a winning
// move), as `grundy misere solve G HEAPS --json` prints it.
func (s *Server) misereSolve(r *http.Request) (any, error) {
	g, pos, err := s.gameAt(r)
	if err != nil {
		return nil, err
	}
	res, err := g.SolveMisereSum(r.Context(), pos, misere.Settings{}, misereOptions(s.baseOptions()))
	if err != nil {
		return nil, err
	}
	return res, nil
}

func misereOptions(o catalog.Options) catalog.Options {
	o.Misere = true
	return o
}
