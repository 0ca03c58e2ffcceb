package catalog

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/impartial"
)

// Periodic is implemented by heap games that can search for the period of
// their nim-sequence and say whether it is proved.
type Periodic interface {
	HeapGame
	// Period computes the nim-sequence up to at most max (stopping as soon as
	// a period is proved) and reports what is known.
	Period(ctx context.Context, max int, opts Options) (*Periodicity, error)
}

// Period statuses.
const (
	PeriodProved   = "proved"   // certified forever by the criterion stated
	PeriodObserved = "observed" // seen in the values computed, not proved
	PeriodNone     = "none"     // no period seen
)

// Periodicity says that G(n + Period) = G(n) for every n ≥ Preperiod, with
// Status PeriodProved, PeriodObserved or PeriodNone (then Period and
// Preperiod are 0). ComputedTo is the last heap size computed; Criterion
// states the test applied with its numbers, so that anyone can re-check the
// claim. Its JSON form is what `grundy period --json` prints.
type Periodicity struct {
	Preperiod  int    `json:"preperiod"`
	Period     int    `json:"period"`
	Status     string `json:"status"`
	ComputedTo int    `json:"computed_to"`
	Criterion  string `json:"criterion"`
}

// Text states the result in words for terminal output.
func (p *Periodicity) Text(game string) string {
	switch p.Status {
	case PeriodProved:
		return fmt.Sprintf("%s: period %d from n = %d (pre-period %d), PROVED.\ncriterion: %s\n", game, p.Period, p.Preperiod, p.Preperiod, p.Criterion)
	case PeriodObserved:
		return fmt.Sprintf("%s: period %d from n = %d, OBSERVED up to n = %d (not proved).\ncriterion: %s\n", game, p.Period, p.Preperiod, p.ComputedTo, p.Criterion)
	}
	return fmt.Sprintf("%s: no period found up to n = %d.\ncriterion: %s\n", game, p.ComputedTo, p.Criterion)
}

// SequenceStreamer is implemented by heap games that compute long
// nim-sequences incrementally, so that `grundy values` can print, checkpoint
// and report progress as the values come instead of holding them all.
type SequenceStreamer interface {
	HeapGame
	// StreamValues computes G(s), G(s+1), …, G(to), where s is
	// Info().Start + len(known), and calls emit with them in order, in
	// chunks. known holds G(Start…s−1), computed earlier (say, read back
	// from a checkpoint); the game may use them instead of recomputing.
	// The emitted slice is reused after emit returns.
	StreamValues(ctx context.Context, to int, known []impartial.Nimber, opts Options, emit func(vals []impartial.Nimber) error) (*SequenceStats, error)
}

// SequenceStats describe how a nim-sequence was computed.
type SequenceStats struct {
	// Kernel names the algorithm used last ("plain", "sparse", "period").
	Kernel string `json:"kernel"`
	// Rare is the number of rare heaps of the sparse-space kernel.
	Rare int `json:"rare,omitempty"`
	// Bytes estimates the memory held by the computation.
	Bytes int64 `json:"bytes"`
}
