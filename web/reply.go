package web

import (
	"math/rand/v2"
	"net/http"

	"github.com/grundy/grundy/catalog"
)

// strength reads strength= (perfect, random or mixed: catalog.ParseStrength)
// and seed= of /api/reply into opts: a seed makes the random choices of the
// random and mixed players reproducible (the same seed, the same move);
// without one they come from a randomly seeded source.
func (s *Server) strength(r *http.Request, opts *catalog.Options) error {
	text, err := s.field(r, "strength", false)
	if err != nil {
		return err
	}
	if opts.Strength, err = catalog.ParseStrength(text); err != nil {
		return badRequest("parameter \"strength\" must be perfect, random or mixed, not %q", text)
	}
	seed, ok, err := s.intField(r, "seed", 0, maxSeed)
	if err != nil {
		return err
	}
	if ok {
		opts.Rand = seededRand(uint64(seed))
	}
	return nil
}

// seededRand is the random source of a seed, as the bridge deals use it.
func seededRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}
