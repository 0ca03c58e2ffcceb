package games

import (
	"errors"
	"fmt"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/partizan"
)

// pages lists the page of each side's options that Settings.Offset and
// Settings.Limit ask for (all holds every option of each side, valued and
// ranked), as many as fit in the output budget, and says what is left out.
// The two sides are listed in turn, one option each, so that a budget
// that runs out cuts both lists alike; a side's list ends at its first
// option that does not fit.
func (s *session) pages(a *Analysis, all [2][]Move) error {
	off, limit := max(s.set.Offset, 0), s.set.Limit
	var page [2][]Move
	var done, cut [2]bool
	for i := 0; !done[0] || !done[1]; i++ {
		for side := range all {
			if done[side] {
				continue
			}
			j := off + i
			if j >= len(all[side]) || limit > 0 && i >= limit {
				done[side] = true
				continue
			}
			m := all[side][j]
			ok, err := s.fits(&m)
			if err != nil {
				return err
			}
			if !ok {
				done[side], cut[side] = true, true
				continue
			}
			page[side] = append(page[side], m)
		}
	}
	for side := range all {
		n, listed := len(all[side]), len(page[side])
		next, note := 0, ""
		if shown := off + listed; shown < n {
			more := n - shown
			if listed > 0 {
				// (none listed: the same question would get the same answer)
				next = shown
			}
			if cut[side] {
				note = fmt.Sprintf("%d more not listed: the answer would pass the output budget of %s", more, impartial.FormatBytes(s.set.Budget.MaxOutput))
			} else {
				note = fmt.Sprintf("%d more not listed (%d asked for)", more, limit)
			}
		}
		if partizan.Side(side) == partizan.Left {
			a.LeftOptions, a.LeftNext, a.LeftNote = page[side], next, note
		} else {
			a.RightOptions, a.RightNext, a.RightNote = page[side], next, note
		}
	}
	return nil
}

// moveJSON is what a move's JSON holds beside its strings: the keys, the
// quotes, the longest result and rank words, a component's number.
const moveJSON = len(`{"to":"","value":"","move":"","result":"lose","rank":"dominated","reversible":true,"component":100,"component_to":""},`)

// size is the bytes of m's JSON but its value.
func (m *Move) size() int {
	return len(m.To) + len(m.ComponentTo) + len(m.Move) + moveJSON + len(`,"changes":[],"other_changes":[]`) + 4*len(m.Changes) + 12*len(m.OtherChanges)
}

// valueText writes g, once per session (many options share a value),
// within what the output budget leaves; it counts nothing.
func (s *session) valueText(g partizan.Game) (string, error) {
	if v, ok := s.texts[g]; ok {
		return v, nil
	}
	v, err := s.formatRoom(g)
	if err == nil {
		s.texts[g] = v
	}
	return v, err
}

// fill writes m's value, counted against the output budget (a budget
// error when it does not fit).
func (s *session) fill(m *Move) error {
	v, err := s.valueText(m.g)
	if err != nil {
		return err
	}
	m.Value = v
	return s.emit(len(v) + m.size())
}

// fits writes m's value and counts it when m fits in what the output
// budget leaves; it reports false, counting nothing, when m does not.
func (s *session) fits(m *Move) (bool, error) {
	v, err := s.valueText(m.g)
	var be *impartial.BudgetError
	if errors.As(err, &be) && be.Limit == impartial.LimitOutput {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	n := int64(len(v) + m.size())
	if mo := s.set.Budget.MaxOutput; mo > 0 && s.out+n > mo {
		return false, nil
	}
	m.Value = v
	s.out += n
	return true, nil
}
