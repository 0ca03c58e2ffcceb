package web

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"

	"github.com/grundy/grundy/bridge"
)

// The multi-bridge part: /api/bridge/deal, /api/bridge/solve and
// /api/bridge/count call package bridge as `grundy bridge solve` and
// `grundy bridge count` do, and answer with the same JSON.

// maxBridgeExplainN bounds n for an optimal line (explain=S): the line
// lists 2n plays.
const maxBridgeExplainN = 10_000

// maxSeed is the largest seed: 2^53 − 1, exact in a JavaScript number.
const maxSeed = 1<<53 - 1

// BridgeDeal is the answer of /api/bridge/deal: a random deal and the seed
// that reproduces it. Hands[i] are the two cards of position i+1.
type BridgeDeal struct {
	N     int      `json:"n"`
	Seed  uint64   `json:"seed"`
	Hands [][2]int `json:"hands"`
}

// BridgeSolveResult is the answer of /api/bridge/solve, the JSON of
// `grundy bridge solve --json [--explain S]`.
type BridgeSolveResult struct {
	N        int          `json:"n"`
	Sequence []int        `json:"sequence"`
	Method   string       `json:"method"`
	Explain  *bridge.Line `json:"explain,omitempty"`
}

// BridgeCountResult is the answer of /api/bridge/count, the JSON of
// `grundy bridge count --json`.
type BridgeCountResult struct {
	Modulus uint64   `json:"modulus"`
	Counts  []uint64 `json:"counts"`
	// Exact, with exact=1, is each count exactly in decimal
	// (bridge.ExactCounter), "" for a query over maxExactCountN.
	Exact []string `json:"exact,omitempty"`
}

// maxExactCountN bounds n for exact counts: (4n)! has 869 digits at
// n = 100, and the count needs about 45 primes.
const maxExactCountN = 100

// intField reads an optional whole-number parameter in lo..hi; ok is false
// when it is absent.
func (s *Server) intField(r *http.Request, name string, lo, hi int64) (v int64, ok bool, err error) {
	text, err := s.field(r, name, false)
	if err != nil || text == "" {
		return 0, false, err
	}
	v, err = strconv.ParseInt(strings.TrimSpace(text), 10, 64)
	if err != nil || v < lo || v > hi {
		return 0, false, badRequest("parameter %q must be a whole number in %d..%d, not %q", name, lo, hi, text)
	}
	return v, true, nil
}

// intFieldOr is intField with the value def when the field is absent.
func (s *Server) intFieldOr(r *http.Request, name string, lo, hi, def int64) (int64, error) {
	v, ok, err := s.intField(r, name, lo, hi)
	if !ok {
		v = def
	}
	return v, err
}

// randomDeal is bridge.RandomDeal with its hands, lower card first.
func randomDeal(n int, seed uint64) ([][2]int, *bridge.Deal, error) {
	d := bridge.RandomDeal(n, seed)
	hands := make([][2]int, 2*n)
	for i := range hands {
		hands[i] = d.Hand(i + 1)
	}
	return hands, d, nil
}

// dealParams reads n= and seed= (a random seed when absent).
func (s *Server) dealParams(r *http.Request) (int, uint64, error) {
	n, ok, err := s.intField(r, "n", 1, int64(s.cfg.MaxBridgeN))
	if err != nil {
		return 0, 0, err
	}
	if !ok {
		return 0, 0, badRequest("missing parameter %q (or give a deal)", "n")
	}
	seed, ok, err := s.intField(r, "seed", 0, maxSeed)
	if err != nil {
		return 0, 0, err
	}
	if !ok {
		seed = int64(rand.Uint64() & maxSeed)
	}
	return int(n), uint64(seed), nil
}

func (s *Server) bridgeDeal(r *http.Request) (any, error) {
	n, seed, err := s.dealParams(r)
	if err != nil {
		return nil, err
	}
	hands, _, err := randomDeal(n, seed)
	if err != nil {
		return nil, err
	}
	return &BridgeDeal{N: n, Seed: seed, Hands: hands}, nil
}

// readDeal reads deal= (the text `grundy bridge solve` reads) or the
// random deal of n= and seed=, whose seed it returns.
func (s *Server) readDeal(r *http.Request) (*bridge.Deal, *uint64, error) {
	text, err := s.field(r, "deal", false)
	if err != nil {
		return nil, nil, err
	}
	if strings.TrimSpace(text) == "" {
		n, seed, err := s.dealParams(r)
		if err != nil {
			return nil, nil, err
		}
		return bridge.RandomDeal(n, seed), &seed, nil
	}
	if _, ok := r.Form["n"]; ok {
		return nil, nil, badRequest("give either a deal or n (and seed) for a random deal, not both")
	}
	d, err := bridge.ParseDeal(strings.NewReader(text))
	if err != nil {
		return nil, nil, err
	}
	if d.N() > s.cfg.MaxBridgeN {
		return nil, nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the deal has n = %d, more than the server solves (at most %d)", d.N(), s.cfg.MaxBridgeN)}
	}
	return d, nil, nil
}

// bridgeSolve solves deal= (the text `grundy bridge solve` reads) or the
// random deal of n= and seed=, with an optimal line for explain=S.
func (s *Server) bridgeSolve(r *http.Request) (any, error) {
	d, _, err := s.readDeal(r)
	if err != nil {
		return nil, err
	}
	n := d.N()
	start, explain, err := s.intField(r, "explain", 1, int64(2*n))
	if err != nil {
		return nil, err
	}
	if err := r.Context().Err(); err != nil {
		return nil, err
	}
	res := &BridgeSolveResult{N: n, Sequence: d.Sequence(), Method: "characterization"}
	if explain {
		if n > maxBridgeExplainN {
			return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("an optimal line lists 2n plays: explain needs n ≤ %d, this deal has n = %d", maxBridgeExplainN, n)}
		}
		l := d.Line(int(start))
		res.Explain = &l
	}
	return res, nil
}

// bridgeCount counts the deals of each query in queries= (the text
// `grundy bridge count` reads: n, then seq[1..2n], repeated) modulo mod=.
func (s *Server) bridgeCount(r *http.Request) (any, error) {
	text, err := s.field(r, "queries", true)
	if err != nil {
		return nil, err
	}
	mod := uint64(bridge.DefaultModulus)
	if m, err := s.field(r, "mod", false); err != nil {
		return nil, err
	} else if m != "" {
		if mod, err = strconv.ParseUint(strings.TrimSpace(m), 10, 64); err != nil {
			return nil, badRequest("parameter \"mod\" must be a prime below 2^64, not %q", m)
		}
	}
	c, err := bridge.NewCounter(mod)
	if err != nil {
		return nil, badRequest("parameter \"mod\": %d is not a prime", mod)
	}
	exact, err := s.flag(r, "exact")
	if err != nil {
		return nil, err
	}
	var ec *bridge.ExactCounter
	if exact {
		ec = bridge.NewExactCounter()
	}
	q := bridge.NewQueryReader(strings.NewReader(text))
	res := &BridgeCountResult{Modulus: mod, Counts: []uint64{}}
	for {
		if err := r.Context().Err(); err != nil {
			return nil, err
		}
		seq, _, err := q.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		res.Counts = append(res.Counts, c.Count(seq))
		if ec != nil {
			word := ""
			if len(seq)/2 <= maxExactCountN {
				word = ec.Count(seq).String()
			}
			res.Exact = append(res.Exact, word)
		}
	}
	if len(res.Counts) == 0 {
		return nil, badRequest("no query: give n, then the 2n values seq[1..2n]")
	}
	return res, nil
}
