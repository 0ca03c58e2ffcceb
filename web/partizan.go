package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
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
		{"partizan/format", s.partizanFormat, true},
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

// PartizanFormat is the answer of /api/partizan/format: the position a
// picture draws, in its ruleset's syntax.
type PartizanFormat struct {
	Game     string `json:"game"`
	Position string `json:"position"`
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

// partizanFormat writes the position a picture draws (picture=, the JSON
// of a games.Picture, as /api/partizan/solve gives it) in the syntax of
// its ruleset (game=): games.FormatPicture. The picture may be four times
// as long as the other fields (Config.MaxInput), so that every picture a
// ruleset's syntax reads fits (a Hackenbush picture of 1024 edges is
// about 30 KB of JSON).
func (s *Server) partizanFormat(r *http.Request) (any, error) {
	game, err := s.field(r, "game", true)
	if err != nil {
		return nil, err
	}
	raw, err := s.longField(r, "picture", 4*s.cfg.MaxInput)
	if err != nil {
		return nil, err
	}
	var pic games.Picture
	if err := decodeJSON(raw, &pic); err != nil {
		return nil, badRequest("parameter \"picture\": %v", err)
	}
	text, err := games.FormatPicture(game, &pic)
	if err != nil {
		return nil, partizanError(err)
	}
	return &PartizanFormat{Game: game, Position: text}, nil
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

// decodeJSON reads the JSON document raw into v (no field v has not, nothing
// after it), its errors in the user's words (no Go types).
func decodeJSON(raw string, v any) error {
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, err := dec.Token(); err != io.EOF {
			return fmt.Errorf("more after the JSON value (at byte %d)", dec.InputOffset())
		}
		return nil
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF) && strings.TrimSpace(raw) == "":
		return errors.New("empty (a JSON object: {\"kind\": …, \"vertices\": […], \"edges\": […]})")
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("not JSON: it ends early")
	case errors.As(err, &se):
		return fmt.Errorf("not JSON (at byte %d): %v", se.Offset, se)
	case errors.As(err, &te):
		where := "it"
		if te.Field != "" {
			where = fmt.Sprintf("%q", te.Field)
		}
		return fmt.Errorf("%s is a JSON %s, not %s", where, te.Value, jsonWant(te.Type))
	}
	return errors.New(strings.TrimPrefix(err.Error(), "json: "))
}

// jsonWant names what a Go type reads in JSON.
func jsonWant(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "a " + t.Kind().String()
}
