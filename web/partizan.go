package web

import (
	"errors"
	"net/http"
	"strings"

	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/partizan"
	"github.com/grundy/grundy/partizan/games"
)

// The partizan endpoints (docs/api.md, "Partizan games"): the rulesets, a
// position's analysis, the perfect player's move and the calculator of
// values. Each calls the library entry the CLI calls (partizan/games:
// Analyze for grundy solve, Reply for grundy play, Calculate for grundy
// value), under the server's budget (Config.Budget), the request's context
// (the deadline, the memory governor, a client gone) and the resolver of
// the server's catalog (impartial games in sums); the handlers only read
// parameters.

// partizanRoutes are the partizan endpoints, listed by routes.
func (s *Server) partizanRoutes() []route {
	return []route{
		{"partizan/rulesets", s.partizanRulesets, false},
		{"partizan/solve", s.partizanSolve, true},
		{"partizan/reply", s.partizanReply, true},
		{"partizan/value", s.partizanValue, true},
	}
}

// RulesetsResult is the answer of /api/partizan/rulesets.
type RulesetsResult struct {
	Rulesets []*games.Ruleset `json:"rulesets"`
}

// PartizanReply is the answer of /api/partizan/reply: the perfect player's
// move for side, or over (and no move) when side has none.
type PartizanReply struct {
	Game     string      `json:"game"`
	Position string      `json:"position"`
	Side     string      `json:"side"`
	Move     *games.Move `json:"move,omitempty"`
	Over     bool        `json:"over"`
}

// partizanSettings are the settings of every partizan question: the
// server's budget and its catalog (the same families as /api/solve).
func (s *Server) partizanSettings() games.Settings {
	return games.Settings{Budget: s.cfg.Budget, Resolver: s.resolver}
}

func (s *Server) partizanRulesets(*http.Request) (any, error) {
	return &RulesetsResult{Rulesets: games.Rulesets()}, nil
}

// partizanQuestion reads game= (a ruleset, or sum) and position=.
func (s *Server) partizanQuestion(r *http.Request) (game, position string, err error) {
	if game, err = s.field(r, "game", true); err != nil {
		return "", "", err
	}
	position, err = s.field(r, "position", true)
	return game, position, err
}

func (s *Server) partizanSolve(r *http.Request) (any, error) {
	game, position, err := s.partizanQuestion(r)
	if err != nil {
		return nil, err
	}
	set := s.partizanSettings()
	if set.All, err = s.flag(r, "all"); err != nil {
		return nil, err
	}
	// the page of options listed under all=1 (the names and default of
	// /api/solve's)
	if set.Limit, set.Offset, err = s.pageParams(r); err != nil {
		return nil, err
	}
	a, err := games.Analyze(r.Context(), game, position, set)
	if err != nil {
		return nil, partizanError(err)
	}
	return a, nil
}

func (s *Server) partizanReply(r *http.Request) (any, error) {
	game, position, err := s.partizanQuestion(r)
	if err != nil {
		return nil, err
	}
	side, err := s.side(r)
	if err != nil {
		return nil, err
	}
	m, ok, err := games.Reply(r.Context(), game, position, side, s.partizanSettings())
	if err != nil {
		return nil, partizanError(err)
	}
	res := &PartizanReply{Game: game, Position: position, Side: strings.ToLower(side.String()), Over: !ok}
	if ok {
		res.Move = &m
	}
	return res, nil
}

func (s *Server) partizanValue(r *http.Request) (any, error) {
	expr, err := s.field(r, "expr", true)
	if err != nil {
		return nil, err
	}
	c, err := games.Calculate(r.Context(), expr, s.partizanSettings())
	if err != nil {
		return nil, partizanError(err)
	}
	return c, nil
}

// partizanError adds the web's words to an unknown ruleset's name: a 400
// pointing at the list (as errorStatus does for an unknown game).
func partizanError(err error) error {
	var ne *games.NameError
	if errors.As(err, &ne) {
		return badRequest("%v (the rulesets: /api/partizan/rulesets)", err)
	}
	return err
}

// side reads side=left|right (l, r; any case).
func (s *Server) side(r *http.Request) (partizan.Side, error) {
	v, err := s.field(r, "side", true)
	if err != nil {
		return 0, err
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "left", "l":
		return partizan.Left, nil
	case "right", "r":
		return partizan.Right, nil
	}
	return 0, badRequest("parameter \"side\" must be left or right, not %s", notation.Quote(v))
}
