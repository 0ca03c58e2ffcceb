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

// ValueRange asks a RangeStreamer for G(From..To).
type ValueRange struct {
	From, To int
	// Known replays, in order, the values G(Start..Start+KnownCount−1)
	// computed earlier (say, read back from a checkpoint) by calling each
	// with every one of them; nil if none. They are emitted like computed
	// values (those from From on).
	KnownCount int
	Known      func(each func(v uint64) error) error
	// Tail, if positive, bounds memory for record runs: the game keeps its
	// first Tail values and a window of the last Tail only (take-and-break
	// games; see docs/octal.md). Output is the same.
	Tail int
}

// RangeStreamer is implemented by heap games that list a window of their
// nim-sequence without computing what they need not (a proved period), and
// that run in bounded memory on request.
type RangeStreamer interface {
	SequenceStreamer
	// StreamRange emits G(r.From..r.To) in order, in chunks (the slice is
	// reused after emit returns). If the run stops early, the values
	// computed so far are emitted before the error is returned. emit may
	// be called from a goroutine other than the caller's (printing
	// overlaps computing), one chunk at a time, never after StreamRange
	// returns, and never again once it has returned an error.
	StreamRange(ctx context.Context, r ValueRange, opts Options, emit func(vals []impartial.Nimber) error) (*SequenceStats, error)
}
