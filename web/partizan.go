package web

import (
	"net/http"
	"strings"

	"github.com/grundy/grundy/notation"
)

// The partizan endpoints (docs/api.md, "Partizan games"): the rulesets, a
// position's analysis, the perfect player's move and the calculator of
// values. Each calls the library entry the CLI calls (grundy solve, grundy
// play, grundy value), under the server's budget and the request's
// context; the handlers only read parameters.

// partizanRoutes are the partizan endpoints, listed by routes.
func (s *Server) partizanRoutes() []route {
	return []route{
		{"partizan/rulesets", s.partizanRulesets, false},
		{"partizan/solve", s.partizanSolve, true},
		{"partizan/reply", s.partizanReply, true},
		{"partizan/value", s.partizanValue, true},
	}
}

// errNotWired is the answer of an endpoint whose library entry is not yet
// merged.
var errNotWired = &httpError{http.StatusNotImplemented, "not implemented yet"}

func (s *Server) partizanRulesets(r *http.Request) (any, error) { return nil, errNotWired }

func (s *Server) partizanSolve(r *http.Request) (any, error) {
	if _, err := s.field(r, "ruleset", true); err != nil {
		return nil, err
	}
	if _, err := s.field(r, "position", true); err != nil {
		return nil, err
	}
	return nil, errNotWired
}

func (s *Server) partizanReply(r *http.Request) (any, error) {
	if _, err := s.side(r); err != nil {
		return nil, err
	}
	return nil, errNotWired
}

func (s *Server) partizanValue(r *http.Request) (any, error) {
	if _, err := s.field(r, "expr", true); err != nil {
		return nil, err
	}
	return nil, errNotWired
}

// side reads side=left|right (l, r; any case).
func (s *Server) side(r *http.Request) (string, error) {
	v, err := s.field(r, "side", true)
	if err != nil {
		return "", err
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "left", "l":
		return "left", nil
	case "right", "r":
		return "right", nil
	}
	return "", badRequest("parameter \"side\" must be left or right, not %s", notation.Quote(v))
}
