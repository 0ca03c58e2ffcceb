package web

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/play"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/stop"
	"github.com/grundy/grundy/notation"
)

// route is one API endpoint: /api/<name>, answering with a value to encode
// as JSON or an error. A route that computes runs in a computation slot under
// the per-computation deadline (the request's context): parsing a spec is
// work too (subtract:1-1048576 builds a million-element set).
type route struct {
	name    string
	handle  func(r *http.Request) (any, error)
	compute bool
}

// routes lists the API. A new part of the workbench adds its endpoints here.
func (s *Server) routes() []route {
	return append([]route{
		{"games", s.games, false},
		{"info", s.info, true},
		{"solve", s.solve, true},
		{"moves", s.moves, true},
		{"move", s.move, true},
		{"reply", s.reply, true},
		{"values", s.values, true},
		{"period", s.period, true},
		{"limits", s.limits, false},
		{"bridge/deal", s.bridgeDeal, true},
		{"bridge/solve", s.bridgeSolve, true},
		{"bridge/count", s.bridgeCount, true},
		{"bridge/play", s.bridgePlay, true},
		{"cardflip/strategies", s.cardflipStrategies, false},
		{"cardflip/play", s.cardflipPlay, true},
		{"cardflip/exact", s.cardflipExact, true},
		{"cardflip/simulate", s.cardflipSimulate, true},
		{"cardflip/compare", s.cardflipCompare, true},
		{"misere/genus", s.misereForm, true},
		{"misere/form", s.misereForm, true},
		{"misere/quotient", s.misereQuotient, true},
		{"misere/table", s.misereTable, true},
		{"misere/solve", s.misereSolve, true},
		{"cardflip/human", s.cardflipHuman, true},
		{"nimber", s.nimberEval, true},
		{"nimber/solve", s.nimberSolve, true},
		{"nimber/table", s.nimberTable, true},
	}, s.partizanRoutes()...)
}

// MovesResult is the answer of /api/moves: every legal move from a position.
type MovesResult struct {
	Game     string         `json:"game"`
	Position string         `json:"position"`
	Moves    []catalog.Move `json:"moves"`
}

// MoveResult is the answer of /api/move: the legal move from position to
// the position asked for.
type MoveResult struct {
	Game     string       `json:"game"`
	Position string       `json:"position"`
	Move     catalog.Move `json:"move"`
	// Repetition is true when, with the game's earlier positions given
	// (history=, once each, the start first), the position after the move
	// has occurred three times with the same player to move: the game is
	// drawn (play.RepetitionDraw, docs/loopy.md).
	Repetition bool `json:"repetition,omitempty"`
	// Verdict, asked for with judge=1, is what the analysis of position
	// (every option valued) makes of the move: play.Judge, as `grundy play`
	// says it. It is left out when that analysis is not known within the
	// budget; the move itself is still checked.
	Verdict *play.Verdict `json:"verdict,omitempty"`
}

// ReplyResult is the answer of /api/reply: the perfect player's move.
// Over is true, and Move absent, when the player to move has no legal move.
type ReplyResult struct {
	Game     string        `json:"game"`
	Position string        `json:"position"`
	Misere   bool          `json:"misere"`
	Move     *catalog.Move `json:"move,omitempty"`
	Over     bool          `json:"over"`
	// Strength is the strength asked for (strength=), absent for perfect.
	Strength string `json:"strength,omitempty"`
	// Repetition: as MoveResult's, after the computer's move.
	Repetition bool `json:"repetition,omitempty"`
}

// httpError is an error with its HTTP status.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// ErrorBody is the JSON body of every error answer. An error about one
// value of a repeated parameter (a position of /api/misere/quotient's
// list) also names the parameter and the value's index, from 1, so that a
// page can show the error next to the field it came from.
//
// An input that another endpoint answers names it in Use (an expression
// in x given to /api/nimber, a polynomial: "nimber/solve", whose poly it
// is), so that a page can point to its own control for it.
type ErrorBody struct {
	Error     string `json:"error"`
	Parameter string `json:"parameter,omitempty"`
	Index     int    `json:"index,omitempty"`
	Use       string `json:"use,omitempty"`
}

// useError is an error about an input that the endpoint Use answers; its
// message and status are Err's.
type useError struct {
	Err error
	Use string
}

func (e *useError) Error() string { return e.Err.Error() }
func (e *useError) Unwrap() error { return e.Err }

// paramError is an error about the Index-th value (from 1) of the
// repeated parameter Param; its message and status are Err's.
type paramError struct {
	Err   error
	Param string
	Index int
}

func (e *paramError) Error() string { return e.Err.Error() }
func (e *paramError) Unwrap() error { return e.Err }

// httpStatuses is the web's column of the table of stops (package
// internal/stop; docs/api.md, "Errors"): the HTTP status of each kind. The
// CLI's column is internal/cliexit's Statuses (grundy and grundy-sweep).
var httpStatuses = map[stop.Kind]int{
	stop.Failure:     http.StatusInternalServerError,
	stop.BadInput:    http.StatusBadRequest,
	stop.BadData:     http.StatusBadRequest,
	stop.Unsupported: http.StatusUnprocessableEntity,
	stop.IllegalMove: http.StatusUnprocessableEntity,
	stop.Cycle:       http.StatusUnprocessableEntity,
	stop.Limit:       http.StatusUnprocessableEntity,
	stop.Timeout:     http.StatusGatewayTimeout,
	stop.Canceled:    http.StatusServiceUnavailable,
}

// errorStatus maps an error to its HTTP status and message (docs/api.md):
// the server's own refusals first (an *httpError, a body too large, an
// error type that knows its status with a method HTTPStatus() int, used
// when within 400–599), then the error's kind (httpStatuses), with what
// the client can do about it added to the message.
func errorStatus(err error) (int, string) {
	var he *httpError
	var hs interface{ HTTPStatus() int }
	var mb *http.MaxBytesError
	msg := strings.Join(strings.Fields(err.Error()), " ")
	switch {
	case errors.As(err, &he):
		return he.status, msg
	case errors.As(err, &mb):
		return http.StatusRequestEntityTooLarge, fmt.Sprintf("request body too large (at most %d bytes)", mb.Limit)
	case errors.As(err, &hs) && hs.HTTPStatus() >= 400 && hs.HTTPStatus() <= 599:
		return hs.HTTPStatus(), msg
	}
	kind := stop.Of(err)
	var se *catalog.SpecError
	var be *impartial.BudgetError
	switch {
	case kind == stop.BadInput && errors.As(err, &se) && se.Unknown:
		msg += " (the games: /api/games)"
	case kind == stop.BadInput:
		msg = ruleFilesHint(err, msg)
	case kind == stop.Timeout && !errors.As(err, &be):
		msg = "time budget exhausted (deadline exceeded)"
	case kind == stop.Canceled && !errors.As(err, &be):
		msg = "request canceled"
	case kind == stop.Limit || kind == stop.Timeout:
		if w := limitWords(err); w != "" {
			msg += " (" + w + ")"
		}
	}
	return httpStatuses[kind], msg
}

// field returns a form field, bounded by Config.MaxInput; required fields
// must be present.
func (s *Server) field(r *http.Request, name string, required bool) (string, error) {
	v, ok := r.Form[name]
	if !ok || len(v) == 0 {
		if required {
			return "", badRequest("missing parameter %q", name)
		}
		return "", nil
	}
	return s.longField(r, name, s.cfg.MaxInput)
}

// longField returns a required form field of at most max bytes.
func (s *Server) longField(r *http.Request, name string, max int) (string, error) {
	v := r.Form[name]
	switch {
	case len(v) == 0:
		return "", badRequest("missing parameter %q", name)
	case len(v) > 1:
		return "", badRequest("parameter %q given %d times", name, len(v))
	case len(v[0]) > max:
		return "", &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("parameter %q too long: %d bytes (at most %d)", name, len(v[0]), max)}
	}
	return v[0], nil
}

func (s *Server) game(r *http.Request) (*catalog.Game, error) {
	spec, err := s.field(r, "game", true)
	if err != nil {
		return nil, err
	}
	return s.resolve(r.Context(), spec)
}

func (s *Server) position(r *http.Request) (string, error) {
	return s.field(r, "position", true)
}

// baseOptions are the catalog options of every computation: the server's
// budget (Config.Budget). It is the one place a handler's options are
// built, as budgetFlags.options is the CLI's; options adds a position
// question's flags.
func (s *Server) baseOptions() catalog.Options {
	return catalog.Options{Budget: s.cfg.Budget}
}

// options builds the catalog options of a question about a position: the
// base options and the request's misere= and all= flags.
func (s *Server) options(r *http.Request) (catalog.Options, error) {
	opts := s.baseOptions()
	var err error
	if opts.Misere, err = s.flag(r, "misere"); err != nil {
		return opts, err
	}
	if opts.AllOptions, err = s.flag(r, "all"); err != nil {
		return opts, err
	}
	return opts, nil
}

// flag reads an optional boolean parameter: 1/true/on/yes or 0/false/off/no.
func (s *Server) flag(r *http.Request, name string) (bool, error) {
	m, err := s.field(r, name, false)
	if err != nil {
		return false, err
	}
	switch strings.ToLower(m) {
	case "", "0", "false", "off", "no":
		return false, nil
	case "1", "true", "on", "yes":
		return true, nil
	}
	return false, badRequest("parameter %q must be 1 or 0, not %s", name, notation.Quote(m))
}

func (s *Server) games(r *http.Request) (any, error) {
	return s.resolver.Families, nil
}

func (s *Server) info(r *http.Request) (any, error) {
	g, err := s.game(r)
	if err != nil {
		return nil, err
	}
	info := g.Info()
	info.OEISSearch = g.OEISSearch(r.Context(), s.baseOptions())
	return info, nil
}

// gameAt reads the game= and position= fields of a request.
func (s *Server) gameAt(r *http.Request) (*catalog.Game, string, error) {
	g, err := s.game(r)
	if err != nil {
		return nil, "", err
	}
	pos, err := s.position(r)
	return g, pos, err
}

func (s *Server) solve(r *http.Request) (any, error) {
	g, pos, err := s.gameAt(r)
	if err != nil {
		return nil, err
	}
	opts, err := s.options(r)
	if err != nil {
		return nil, err
	}
	if err := s.page(r, &opts); err != nil {
		return nil, err
	}
	return g.Solve(r.Context(), pos, opts)
}

// page reads the page of moves a solve asks for: limit= (a number, or all:
// as many as the output budget allows; default catalog.DefaultMovePage)
// and offset= (the next_offset of the page before).
func (s *Server) page(r *http.Request, opts *catalog.Options) error {
	limit, offset, err := s.pageParams(r)
	opts.MaxListed, opts.Offset = limit, offset
	return err
}

// pageParams reads limit= and offset= (page): limit 0 for all.
func (s *Server) pageParams(r *http.Request) (limit, offset int, err error) {
	l, err := s.field(r, "limit", false)
	if err != nil {
		return 0, 0, err
	}
	switch ll := strings.ToLower(strings.TrimSpace(l)); ll {
	case "":
		limit = catalog.DefaultMovePage
	case "all":
		limit = 0
	default:
		n, err := strconv.Atoi(ll)
		if err != nil || n < 1 {
			return 0, 0, badRequest("parameter \"limit\" must be a number of moves (at least 1) or all, not %s", notation.Quote(l))
		}
		limit = n
	}
	o, err := s.field(r, "offset", false)
	if err != nil || o == "" {
		return limit, 0, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(o))
	if err != nil || n < 0 {
		return 0, 0, badRequest("parameter \"offset\" must be a whole number, not %s", notation.Quote(o))
	}
	return limit, n, nil
}

func (s *Server) moves(r *http.Request) (any, error) {
	g, pos, err := s.gameAt(r)
	if err != nil {
		return nil, err
	}
	canon, err := g.Canonical(r.Context(), pos)
	if err != nil {
		return nil, err
	}
	opts, err := s.options(r)
	if err != nil {
		return nil, err
	}
	ms, err := g.Moves(r.Context(), pos, opts)
	if err != nil {
		return nil, err
	}
	if ms == nil {
		ms = []catalog.Move{}
	}
	return &MovesResult{Game: g.Info().Spec, Position: canon, Moves: ms}, nil
}

func (s *Server) move(r *http.Request) (any, error) {
	g, pos, err := s.gameAt(r)
	if err != nil {
		return nil, err
	}
	to, err := s.field(r, "to", true)
	if err != nil {
		return nil, err
	}
	canon, err := g.Canonical(r.Context(), pos)
	if err != nil {
		return nil, err
	}
	opts, err := s.options(r)
	if err != nil {
		return nil, err
	}
	judge, err := s.flag(r, "judge")
	if err != nil {
		return nil, err
	}
	history, err := s.history(r, g, pos, opts)
	if err != nil {
		return nil, err
	}
	m, err := g.FindMove(r.Context(), pos, to, opts)
	if err != nil {
		return nil, err
	}
	res := &MoveResult{Game: g.Info().Spec, Position: canon, Move: m, Repetition: repeated(history, canon, m.To)}
	if judge {
		o := opts
		o.MaxListed = 0 // every option, within the output budget
		if before, ok := play.Analyze(r.Context(), g, pos, o); ok {
			if v, ok := play.Judge(before, m.To); ok {
				res.Verdict = &v
			}
		}
	}
	return res, nil
}

// maxHistory bounds the positions of history=: each is a move checked.
const maxHistory = 4096

// history reads the game's earlier positions (history=, the start first)
// and checks that they are a game ending at position (play.CheckHistory):
// a made-up history is a 400 naming the first position that does not
// follow, not a repetition believed (issue 45). It returns them as the
// game writes them.
func (s *Server) history(r *http.Request, g *catalog.Game, position string, opts catalog.Options) ([]string, error) {
	h := r.Form["history"]
	if len(h) > maxHistory {
		return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("parameter \"history\" given %d times (at most %d positions)", len(h), maxHistory)}
	}
	for i, p := range h {
		if len(p) > s.cfg.MaxInput {
			return nil, &paramError{Err: &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("parameter \"history\" too long: %d bytes (at most %d)", len(p), s.cfg.MaxInput)}, Param: "history", Index: i + 1}
		}
	}
	canon, err := play.CheckHistory(r.Context(), g, h, position, opts)
	var he *play.HistoryError
	if errors.As(err, &he) {
		at := he.Index
		if at == 0 {
			at = len(h) + 1
		}
		return nil, &paramError{Err: badRequest("history=: %v", err), Param: "history", Index: min(at, len(h))}
	}
	return canon, err
}

// repeated applies the repetition rule to the game whose earlier positions
// are history (checked, canonical), then position, then after: the one
// rule the CLI's play and the web's play page end a loopy game by.
func repeated(history []string, position, after string) bool {
	if len(history) == 0 {
		return false
	}
	return play.RepetitionDraw(append(slices.Clone(history), position, after))
}

func (s *Server) reply(r *http.Request) (any, error) {
	g, pos, err := s.gameAt(r)
	if err != nil {
		return nil, err
	}
	opts, err := s.options(r)
	if err != nil {
		return nil, err
	}
	if err := s.strength(r, &opts); err != nil {
		return nil, err
	}
	canon, err := g.Canonical(r.Context(), pos)
	if err != nil {
		return nil, err
	}
	history, err := s.history(r, g, pos, opts)
	if err != nil {
		return nil, err
	}
	m, ok, err := g.Reply(r.Context(), pos, opts)
	if err != nil {
		return nil, err
	}
	res := &ReplyResult{Game: g.Info().Spec, Position: canon, Misere: opts.Misere, Over: !ok}
	if opts.Strength != catalog.Perfect {
		res.Strength = opts.Strength.String()
	}
	if ok {
		res.Move = &m
		res.Repetition = repeated(history, canon, m.To)
	}
	return res, nil
}

func (s *Server) values(r *http.Request) (any, error) {
	g, err := s.game(r)
	if err != nil {
		return nil, err
	}
	if _, ok := r.Form["table"]; ok {
		return s.valuesTable(r, g)
	}
	if !g.Info().Heap {
		return nil, badRequest("%s is not a heap game: values lists G(n) for games played on heaps or rows", g.Info().Spec)
	}
	text, err := s.field(r, "to", true)
	if err != nil {
		return nil, err
	}
	to, err := strconv.Atoi(strings.TrimSpace(text))
	start := g.Info().Start
	switch {
	case err != nil && errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(strings.TrimSpace(text), "-"),
		err == nil && to > s.cfg.MaxTo:
		return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("parameter \"to\" too large: %s (at most %d)", text, s.cfg.MaxTo)}
	case err != nil:
		return nil, badRequest("parameter \"to\" must be a whole number, not %q", text)
	case to < start:
		return nil, badRequest("parameter \"to\" must be at least %d for %s, not %d", start, g.Info().Spec, to)
	}
	return g.Values(r.Context(), start, to, s.baseOptions())
}
