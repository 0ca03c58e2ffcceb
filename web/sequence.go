package web

import (
	"net/http"

	"github.com/grundy/grundy/catalog"
)

// maxTable bounds N of /api/values?table=N: N² values (Wythoff's, by the
// mex over rows, columns and diagonals, games.WythoffTable: 256 in a few
// milliseconds; each cell's search took minutes for 256, issue 45).
const maxTable = 256

// valuesTable answers /api/values?game=G&table=N: the N×N table of a
// two-heap game (catalog.Game.ValueTable), as `grundy values G --table N --json`
// prints it.
func (s *Server) valuesTable(r *http.Request, g *catalog.Game) (any, error) {
	if !g.Info().Table {
		return nil, badRequest("%s has no value table: table= is for two-heap games such as wythoff", g.Info().Spec)
	}
	if _, ok := r.Form["to"]; ok {
		return nil, badRequest("give either to (a sequence) or table (a table), not both")
	}
	n, ok, err := s.intField(r, "table", 1, maxTable)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, badRequest("parameter \"table\" must be a whole number in 1..%d", maxTable)
	}
	return g.ValueTable(r.Context(), int(n), s.baseOptions())
}

// Limits is the answer of /api/limits: the bounds a page checks before it
// starts a run, so that a run too long for the server is refused at once
// rather than after its first pieces.
type Limits struct {
	// MaxTo bounds the last n of /api/values and /api/period (Config.MaxTo).
	MaxTo int `json:"max_to"`
	// MaxTable bounds N of /api/values?table=N.
	MaxTable int `json:"max_table"`
	// MaxBridgeN bounds n of /api/bridge/* (Config.MaxBridgeN).
	MaxBridgeN int `json:"max_bridge_n"`
	// MaxCardflipM bounds m of /api/cardflip/play, /simulate and /compare.
	MaxCardflipM int `json:"max_cardflip_m"`
}

func (s *Server) limits(r *http.Request) (any, error) {
	return &Limits{MaxTo: s.cfg.MaxTo, MaxTable: maxTable, MaxBridgeN: s.cfg.MaxBridgeN, MaxCardflipM: maxCardflipM}, nil
}
