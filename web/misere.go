package web

import (
	"errors"
	"net/http"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/misere"
)

// Bounds of /api/misere/quotient: the heaps computed and the quotient's
// size (misere.Compute holds the options of every heap and a candidate
// monoid of up to 8·max_size elements).
const (
	maxMisereHeaps = 1000
	maxMisereSize  = misere.DefaultMaxSize
)

// misereForm answers /api/misere/form and /api/misere/genus?game=G&position=P:
// the misère canonical form, the genus and the misère outcome of a
// position, as `grundy misere form G P --json` prints them.
func (s *Server) misereForm(r *http.Request) (any, error) {
	g, pos, err := s.gameAt(r)
	if err != nil {
		return nil, err
	}
	res, err := catalog.SolveMisereForm(r.Context(), g, pos, misereOptions(s.baseOptions()))
	if err != nil {
		return nil, misereStatus(err)
	}
	return res, nil
}

// misereQuotient answers /api/misere/quotient?game=G[&heaps=N][&max_size=S]:
// the misère quotient of the heaps 0..N of a heap game (default 20, at most
// maxMisereHeaps), at most S elements (default and bound maxMisereSize), as
// `grundy misere quotient G --heaps N --json` prints it.
func (s *Server) misereQuotient(r *http.Request) (any, error) {
	g, err := s.game(r)
	if err != nil {
		return nil, err
	}
	heaps, err := s.intFieldOr(r, "heaps", 0, maxMisereHeaps, 20)
	if err != nil {
		return nil, err
	}
	size, err := s.intFieldOr(r, "max_size", 1, maxMisereSize, maxMisereSize)
	if err != nil {
		return nil, err
	}
	res, err := catalog.SolveMisereQuotient(r.Context(), g, int(heaps), int(size), misereOptions(s.baseOptions()))
	if err != nil {
		return nil, misereStatus(err)
	}
	return res, nil
}

// misereStatus gives the misère errors their HTTP status: a game the
// analysis does not apply to is a 400; a quotient past the size limit, a
// construction that gave up and rules whose moves do not shrink heaps are
// 422. Other errors (budget, time) keep theirs (errorStatus).
func misereStatus(err error) error {
	var ue *catalog.CapabilityError
	var se *misere.SizeError
	var ce *misere.ConstructionError
	var oe *misere.OptionError
	switch {
	case errors.As(err, &ue):
		return badRequest("%s", err.Error())
	case errors.As(err, &se), errors.As(err, &ce), errors.As(err, &oe):
		return &httpError{http.StatusUnprocessableEntity, err.Error()}
	}
	return err
}

func misereOptions(o catalog.Options) catalog.Options {
	o.Misere = true
	return o
}
