package main

import (
	"fmt"

	"github.com/schollz/progressbar/v3"
)

// quotientProgress is the progress bar of `misere quotient` on a terminal
// (issue 44 §4), as values shows one: the heap being added, the order of
// the quotient so far, and the largest candidate of the heap, which is
// what grows while a long heap is computed. With --heaps N it counts the
// heaps to N; without, the number of heaps to the proof is not known, and
// it spins. A nil *quotientProgress shows nothing.
type quotientProgress struct {
	bar        *progressbar.ProgressBar
	unit       string
	next, size int // the heap being added, the order of the quotient below it
	resumedAt  int
}

func newQuotientProgress(io *streams, unit string, heaps int, show bool) *quotientProgress {
	if !show {
		return nil
	}
	max := int64(-1)
	options := []progressbar.Option{
		progressbar.OptionSetWriter(io.err),
		progressbar.OptionSetDescription(unit + " 0"),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(io.barThrottle()),
		progressbar.OptionClearOnFinish(),
		// No spinner of its own: it would draw from a goroutine of the
		// bar's, past the end of the command; the bar moves at each heap
		// and candidate.
		progressbar.OptionSetSpinnerChangeInterval(0),
	}
	if heaps >= 0 {
		max = int64(heaps) + 1
		options = append(options, progressbar.OptionShowCount())
	}
	bar := progressbar.NewOptions64(max, options...)
	return &quotientProgress{bar: bar, unit: unit, size: 1}
}

// resumed starts the bar at the heaps a checkpoint held.
func (p *quotientProgress) resumed(heaps int) {
	if p == nil {
		return
	}
	p.next, p.resumedAt = heaps, heaps
	p.bar.Set(heaps)
	p.describe(0)
}

// heap records heap n added: the quotient of the heaps 0..n has size
// elements.
func (p *quotientProgress) heap(n, size, _ int) {
	if p == nil {
		return
	}
	p.next, p.size = n+1, size
	p.bar.Set(n + 1)
	p.describe(0)
}

// candidate records a candidate of size elements for heap n.
func (p *quotientProgress) candidate(n, size int) {
	if p == nil {
		return
	}
	p.next = n
	p.describe(size)
}

func (p *quotientProgress) describe(cand int) {
	d := fmt.Sprintf("%s %d: quotient of %d elements", p.unit, p.next, p.size)
	if cand > 0 {
		d += fmt.Sprintf(", candidate of %d", cand)
	}
	if p.resumedAt > 0 {
		d += fmt.Sprintf(" (resumed at %d)", p.resumedAt)
	}
	p.bar.Describe(d)
}

// finish clears the bar.
func (p *quotientProgress) finish() {
	if p != nil {
		p.bar.Finish()
	}
}
