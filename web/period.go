package web

import (
	"net/http"
)

// period answers /api/period?game=G[&to=N]: the period of the game's
// nim-sequence, computed up to at most N (default and bound Config.MaxTo),
// with its status (proved, observed or none) and criterion, as
// `grundy period G --max N --json` prints it. Games without a period search
// are a 400.
func (s *Server) period(r *http.Request) (any, error) {
	g, err := s.game(r)
	if err != nil {
		return nil, err
	}
	to, ok, err := s.intField(r, "to", 1, int64(s.cfg.MaxTo))
	if err != nil {
		return nil, err
	}
	if !ok {
		to = int64(s.cfg.MaxTo)
	}
	return g.Period(r.Context(), int(to), s.baseOptions())
}
