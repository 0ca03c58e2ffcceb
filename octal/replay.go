package octal

import (
	"context"
	"errors"
	"fmt"
)

// checkpoints is what a Computer does for a run that keeps its values
// (SetSave) and resumes from them (SetReplay).
type checkpoints struct {
	// Replay (SetReplay): G(n) for n < replayEnd comes from replay.
	replay    func() (uint32, error)
	replayEnd int
	// Saves (SetSave): save is called when Len() reaches nextSave, a
	// multiple of saveEvery.
	save                func(*Computer) error
	saveEvery, nextSave int
}

// SetReplay makes the next n values come from next instead of a kernel
// (say, values saved by an earlier run of the same game: SetSave), while
// everything else Extend does goes as if they were computed: the kernel is
// re-chosen at the same heaps, the rare heaps are the same, so a computer
// that replays a prefix ends in the state of one that computed it, and a
// period hunt (Hunt) run on it stops where it would have. The caller
// vouches for the values. Call it before Extend. A take-and-break code's
// work limit (SetMaxWork) counts the options of computed values only, so
// SetReplay refuses a computer with one on a code that counts them.
func (c *Computer) SetReplay(n int, next func() (uint32, error)) error {
	if !c.CanReplay() {
		return errors.New("octal: a replayed value's work is unknown, and this code's work is limited")
	}
	c.ck.replay, c.ck.replayEnd = next, c.n+n
	return nil
}

// CanReplay reports whether SetReplay accepts values: not on a
// take-and-break code whose work limit counts the options of a value
// (partitions, three heaps or more).
func (c *Computer) CanReplay() bool {
	return c.maxWork == 0 || c.g.tb == nil || !c.g.general() && len(c.g.three) == 0
}

// SetSave makes Extend call save each time Len() reaches a multiple of
// every (the values to keep are G(0..Len()−1)): a long run saves its
// progress by work, never by time, so that its saves fall at the same
// heaps on any machine. Where the values are computed does not depend on
// it. An error from save stops Extend.
func (c *Computer) SetSave(every int, save func(*Computer) error) {
	c.ck.save, c.ck.saveEvery = save, every
	if every > 0 {
		c.ck.nextSave = (c.n/every + 1) * every
	}
}

// saveDue calls save if c's Len() has reached the next save point.
func (k *checkpoints) saveDue(c *Computer) error {
	if k.save == nil || k.saveEvery <= 0 || c.n < k.nextSave {
		return nil
	}
	k.nextSave = (c.n/k.saveEvery + 1) * k.saveEvery
	return k.save(c)
}

// replaySegment pushes G(c.n..stop−1) from the replayed values, as
// computed ones are.
func (c *Computer) replaySegment(ctx context.Context, stop int) error {
	for n := c.n; n < stop; n++ {
		v, err := c.ck.replay()
		if err == nil {
			err = c.push(v)
		}
		if err != nil {
			return fmt.Errorf("octal: replaying G(%d): %w", n, err)
		}
	}
	return ctx.Err()
}
