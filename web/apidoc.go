package web

import (
	"net/http"
)

// Endpoint describes one endpoint of the API for GET /api/, the index the
// page's API page reads: its path, what it answers, its parameters, an
// example request and the command line that prints the same JSON.
type Endpoint struct {
	Path    string `json:"path"`
	About   string `json:"about"`
	Params  string `json:"params,omitempty"`
	Example string `json:"example,omitempty"`
	CLI     string `json:"cli,omitempty"`
}

// APIIndex is the answer of GET /api/.
type APIIndex struct {
	About     string     `json:"about"`
	Endpoints []Endpoint `json:"endpoints"`
}

// endpointDocs describes the endpoints (docs/api.md has the whole
// reference). An endpoint without an entry is listed with its path alone.
var endpointDocs = map[string]Endpoint{
	"games":               {About: "the catalog: one entry per game family", Example: "/api/games", CLI: "grundy games --json"},
	"info":                {About: "one game: its name, rule, position syntax, example, board, closed form and OEIS entry", Params: "game", Example: "/api/info?game=kayles"},
	"solve":               {About: "the value, the outcome and the winning moves of a position (every option with all=1, with result, value and remoteness), a page of moves at a time", Params: "game, position, misere, all, limit, offset", Example: "/api/solve?game=nim&position=3+4+5&all=1", CLI: "grundy solve nim 3 4 5 --all --json"},
	"moves":               {About: "every legal move from a position", Params: "game, position", Example: "/api/moves?game=nim&position=2+1"},
	"move":                {About: "checks a move: the legal move from position to the position asked; with the earlier positions (history), whether it draws by threefold repetition; with judge=1, the verdict on it (a good move, or a mistake and the better move), as grundy play gives it", Params: "game, position, to, history, misere, judge", Example: "/api/move?game=nim&position=3+4+5&to=3+4+4&judge=1"},
	"reply":               {About: "the computer's move at a strength (perfect, random, mixed); with history, whether it draws by repetition", Params: "game, position, misere, strength, seed, history", Example: "/api/reply?game=subtract:1,3,4&position=9"},
	"values":              {About: "the nim-sequence G(0..N) of a heap game, or the value table of a two-heap game", Params: "game, to | table", Example: "/api/values?game=kayles&to=20", CLI: "grundy values kayles --to 20 --json"},
	"period":              {About: "the period of a nim-sequence, PROVED or OBSERVED, with its criterion", Params: "game, to", Example: "/api/period?game=kayles&to=2000", CLI: "grundy period kayles --json"},
	"limits":              {About: "the bounds this server checks (the last n of a sequence, the largest table, …)", Example: "/api/limits"},
	"bridge/deal":         {About: "a random multi-bridge deal from a seed", Params: "n, seed", Example: "/api/bridge/deal?n=2&seed=7"},
	"bridge/solve":        {About: "team A's score for each starting player of a deal, and an optimal line", Params: "deal | n and seed, explain", Example: "/api/bridge/solve?n=3&seed=1&explain=1", CLI: "grundy bridge solve --json"},
	"bridge/count":        {About: "how many deals have a given sequence", Params: "queries, mod, exact", Example: "/api/bridge/count?queries=3%0A212111%0A", CLI: "grundy bridge count --json"},
	"bridge/play":         {About: "a deal played by a person in some seats (a team or positions) against the optimal line: each turn judged, the computer's plays, the choices of the next turn with their values", Params: "deal | n and seed, start, as, plays", Example: "/api/bridge/play?n=2&seed=7&as=A&plays=7", CLI: "grundy bridge play --json"},
	"cardflip/strategies": {About: "the card-flip strategies", Example: "/api/cardflip/strategies", CLI: "grundy cardflip strategies --json"},
	"cardflip/play":       {About: "one card-flip game played by a strategy, turn by turn", Params: "m, strategy, seed, players, model, variant", Example: "/api/cardflip/play?strategy=front-to-back&m=3&seed=1", CLI: "grundy cardflip play --json"},
	"cardflip/exact":      {About: "E[X] of a strategy over all m! deals", Params: "m, strategy, players, model, variant", Example: "/api/cardflip/exact?strategy=front-to-back&m=5", CLI: "grundy cardflip exact --json"},
	"cardflip/simulate":   {About: "E[X] of a strategy by seeded games, with its histogram", Params: "m, trials, seed, strategy, players, model, variant", Example: "/api/cardflip/simulate?strategy=random&m=6&trials=200", CLI: "grundy cardflip simulate --json"},
	"cardflip/compare":    {About: "E[X] of every table-only strategy for m in a range", Params: "m, trials, seed", Example: "/api/cardflip/compare?m=4&trials=100", CLI: "grundy cardflip compare --json"},
	"cardflip/human":      {About: "the cooperative game played by hand, one action at a time", Params: "m, seed, variant, actions", Example: "/api/cardflip/human?m=4&seed=1&actions=0"},
	"misere/form":         {About: "the misère canonical form, genus and outcome of a position", Params: "game, position", Example: "/api/misere/form?game=octal:0.312&position=4", CLI: "grundy misere form --json"},
	"misere/genus":        {About: "the same answer as misere/form", Params: "game, position", Example: "/api/misere/genus?game=kayles&position=5"},
	"misere/quotient":     {About: "the misère quotient of the heaps of a heap game, extended until proved when heaps is not given; with position (repeated), of those positions of any game and their followers", Params: "game, heaps, position, max_size", Example: "/api/misere/quotient?game=nim&heaps=3", CLI: "grundy misere quotient --json"},
	"misere/table":        {About: "the whole multiplication table of a misère quotient, within the output budget", Params: "game, heaps, position, max_size", Example: "/api/misere/table?game=nim&heaps=3", CLI: "grundy misere quotient nim --heaps 3 --table FILE"},
	"misere/solve":        {About: "a sum of heaps answered through the misère quotient: image, outcome and a winning move", Params: "game, position", Example: "/api/misere/solve?game=kayles&position=3+4+7", CLI: "grundy misere solve kayles 3 4 7 --json"},
	"nimber":              {About: "the value of a nim-arithmetic expression (+ nim-sum, * nim-product, /, ^k, sqrt)", Params: "expr", Example: "/api/nimber?expr=8*8", CLI: "grundy nimber '8*8' --json"},
	"nimber/solve":        {About: "the roots in GF(2^64) of a polynomial in x", Params: "poly", Example: "/api/nimber/solve?poly=x%5E2%2Bx%2B1", CLI: "grundy nimber --solve 'x^2 + x + 1' --json"},
	"nimber/table":        {About: "the nim-multiplication table of 0..N−1 (default 16, at most 256)", Params: "size", Example: "/api/nimber/table?size=4", CLI: "grundy nimber --table 4 --json"},
	"partizan/rulesets":   {About: "the partizan rulesets: name, who is Left and Right, position syntax, example, board, known values with their sources", Example: "/api/partizan/rulesets", CLI: "grundy games --partizan --json"},
	"partizan/solve":      {About: "a partizan position: its value in canonical form, outcome, both sides' winning moves (with all=1 every option with its value, whether it wins and its rank: best, dominated, reversible; limit and offset page them), stops, mean, temperature and thermograph", Params: "game, position, all, limit, offset", Example: "/api/partizan/solve?game=domineering&position=..%7C..%7C..&all=1"},
	"partizan/reply":      {About: "the perfect player's move for side (left or right) in a partizan position", Params: "game, position, side", Example: "/api/partizan/reply?game=clobber&position=xox%7Cox.&side=left"},
	"partizan/format":     {About: "the position a picture draws (the JSON of a picture, as partizan/solve gives it: Hackenbush, Col, Snort, Clobber on a graph) in its ruleset's syntax: what the page writes in the box for a picture edited by clicks", Params: "game, picture", Example: "/api/partizan/format?game=hackenbush&picture=%7B%22kind%22%3A%22hackenbush%22%2C%22vertices%22%3A%5B%7B%22ground%22%3Atrue%7D%2C%7B%7D%2C%7B%7D%5D%2C%22edges%22%3A%5B%7B%22u%22%3A0%2C%22v%22%3A1%2C%22color%22%3A%22l%22%7D%2C%7B%22u%22%3A1%2C%22v%22%3A2%2C%22color%22%3A%22r%22%7D%5D%7D"},
	"partizan/value":      {About: "the calculator of partizan values: an expression of values (CGSuite's notation) and positions, or a comparison of two, with its canonical form, outcome, stops, mean, temperature and thermograph", Params: "expr", Example: "/api/partizan/value?expr=%7B1%7C*%7D+%2B+%5E+%2B+*3"},
}

// apiIndex answers GET /api/: every endpoint of routes(), in order, with
// what endpointDocs says of it.
func (s *Server) apiIndex(*http.Request) (any, error) {
	idx := &APIIndex{About: "The grundy workbench's JSON API: GET or POST with the parameters as a query or a form; every answer is JSON, an error is {\"error\": …} with its status. The whole reference is docs/api.md, served at /docs/api.md."}
	for _, rt := range s.routes() {
		e := endpointDocs[rt.name]
		e.Path = "/api/" + rt.name
		idx.Endpoints = append(idx.Endpoints, e)
	}
	return idx, nil
}
