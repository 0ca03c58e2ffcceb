package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
)

// The command line's words for the catalog's answers: a result, a period,
// a misère form. (The JSON forms, --json, are the catalog's types as they
// are, the same bytes as the web API's.)

// resultText explains a result in a sentence, then lists the moves, one per
// line, for terminal output.
func resultText(r *catalog.Result) string {
	var b strings.Builder
	play := ""
	if r.Misere {
		play = "Under misère play, "
	}
	switch {
	case r.Game == "sum" && r.Misere:
		fmt.Fprintf(&b, "%sthe sum %s", play, r.Position)
	case r.Game == "sum":
		fmt.Fprintf(&b, "The sum %s", r.Position)
	default:
		fmt.Fprintf(&b, "%s%s position %s", play, r.Game, r.Position)
	}
	switch {
	case r.LoopyValue != "":
		fmt.Fprintf(&b, " has loopy value %s%s, so it", r.LoopyValue, addends(r))
	case r.Value != nil:
		fmt.Fprintf(&b, " has nim-value %d%s, so it", uint64(*r.Value), addends(r))
	}
	in := ""
	if r.Remoteness != nil {
		in = fmt.Sprintf(" in %s", plural(*r.Remoteness, "move"))
	}
	switch {
	case len(r.Options) > 0:
		fmt.Fprintf(&b, " is %s.\n", outcomeWord(r.Outcome))
	case r.Outcome == impartial.Draw:
		b.WriteString(" is a draw: neither player can force a win")
		switch {
		case len(r.DrawingMoves) == 0 && r.MoveCount == nil:
			b.WriteString(".\n")
		case len(r.DrawingMoves) == 1 && r.MoveCount == nil:
			fmt.Fprintf(&b, "; the one move that keeps the draw is to %s.\n", describe(r.DrawingMoves[0]))
		default:
			fmt.Fprintf(&b, "; %s keep the draw:\n", counted(r, len(r.DrawingMoves), "move"))
			writeMoves(&b, r.DrawingMoves)
		}
	case r.Outcome == impartial.P && r.Remoteness != nil && *r.Remoteness == 0:
		b.WriteString(" is a P-position: the player to move has no move and loses.\n")
	case r.Outcome == impartial.P:
		fmt.Fprintf(&b, " is a P-position: the player to move loses%s against best play.\n", in)
	case len(r.WinningMoves) == 0:
		fmt.Fprintf(&b, " is an N-position: the player to move wins%s.\n", in)
	case len(r.WinningMoves) == 1 && r.MoveCount == nil:
		fmt.Fprintf(&b, " is an N-position: the player to move wins%s by moving to %s.\n", in, describe(r.WinningMoves[0]))
	case in != "":
		fmt.Fprintf(&b, " is an N-position: the player to move wins%s; %s win, the quickest first:\n", in, counted(r, len(r.WinningMoves), "move"))
		writeMoves(&b, r.WinningMoves)
	default:
		anyOf := "any of "
		if len(r.WinningMoves) == 1 {
			anyOf = ""
		}
		fmt.Fprintf(&b, " is an N-position: the player to move wins with %s%s:\n", anyOf, counted(r, len(r.WinningMoves), "move"))
		writeMoves(&b, r.WinningMoves)
	}
	for _, o := range r.Options {
		fmt.Fprintf(&b, "  %-5s %s", o.Result, describe(catalog.Move{To: o.To, Move: o.Move}))
		var about []string
		if o.Value != nil {
			about = append(about, fmt.Sprintf("value %d", uint64(*o.Value)))
		}
		if o.Remoteness != nil {
			about = append(about, fmt.Sprintf("remoteness %d", *o.Remoteness))
		}
		if len(about) > 0 {
			fmt.Fprintf(&b, " [%s]", strings.Join(about, ", "))
		}
		b.WriteByte('\n')
	}
	if r.MoveClasses != "" {
		fmt.Fprintf(&b, "  all of them: %s\n", r.MoveClasses)
	}
	if r.MovesNote != "" {
		fmt.Fprintf(&b, "  (%s)\n", r.MovesNote)
	}
	return b.String()
}

// addends writes the values of a sum's components, " = 1 ⊕ 7 ⊕ 2", when
// there are several.
func addends(r *catalog.Result) string {
	if len(r.Components) < 2 {
		return ""
	}
	vals := make([]string, len(r.Components))
	for i, c := range r.Components {
		switch {
		case c.LoopyValue != "":
			vals[i] = c.LoopyValue
		case c.Value != nil:
			vals[i] = fmt.Sprint(uint64(*c.Value))
		default:
			return ""
		}
	}
	return " = " + strings.Join(vals, " ⊕ ")
}

// counted says how many moves are listed of how many: "these 3 moves",
// "the first 20 of its 1234 moves"; with an unknown count, "these 20 moves"
// (MovesNote then says why there may be more).
func counted(r *catalog.Result, listed int, word string) string {
	switch {
	case r.MoveCount == nil:
		if listed == 1 {
			return "this " + word
		}
		return fmt.Sprintf("these %d %ss", listed, word)
	case *r.MoveCount < 0 && listed == 1:
		return "this " + word // the note after the list says why there may be more
	case *r.MoveCount < 0:
		return fmt.Sprintf("these %d %ss", listed, word)
	}
	return fmt.Sprintf("the first %d of its %s", listed, plural(int(*r.MoveCount), word))
}

func writeMoves(b *strings.Builder, ms []catalog.Move) {
	for _, m := range ms {
		fmt.Fprintf(b, "  %s\n", describe(m))
	}
}

// outcomeWord names an outcome in words.
func outcomeWord(o impartial.Outcome) string {
	switch o {
	case impartial.Draw:
		return "a draw"
	case impartial.P:
		return "a P-position"
	}
	return "an N-position"
}

func describe(m catalog.Move) string {
	if m.Move == "" {
		return m.To
	}
	return fmt.Sprintf("%s (%s)", m.To, m.Move)
}

// periodText states a period search's result in words.
func periodText(p *catalog.Periodicity, game string) string {
	switch p.Status {
	case catalog.PeriodProved:
		return fmt.Sprintf("%s: period %d from n = %d (pre-period %d), PROVED.\ncriterion: %s\n", game, p.Period, p.Preperiod, p.Preperiod, p.Criterion)
	case catalog.PeriodObserved:
		return fmt.Sprintf("%s: period %d from n = %d, OBSERVED up to n = %d (not proved).\ncriterion: %s\n", game, p.Period, p.Preperiod, p.ComputedTo, p.Criterion)
	}
	return fmt.Sprintf("%s: no period found up to n = %d.\ncriterion: %s\n", game, p.ComputedTo, p.Criterion)
}

// misereFormText states a misère form and genus.
func misereFormText(m *catalog.MisereForm) string {
	tame := ""
	if m.Tame {
		tame = " (tame)"
	}
	return fmt.Sprintf("%s position %s\n  misère canonical form  %s\n  genus                  %s%s\n  misère outcome         %s (G⁻ = %d, G⁺ = %d, birthday %d)\n",
		m.Game, m.Position, m.Form, m.Genus, tame, m.Outcome, uint64(m.MisereValue), uint64(m.NormalValue), m.Birthday)
}

// misereSolutionText states a sum of heaps answered by a misère quotient.
func misereSolutionText(m *catalog.MisereSolution) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: a sum of %d heaps\n", m.Game, m.Heaps)
	fmt.Fprintf(&b, "  image           %s\n", m.Image)
	fmt.Fprintf(&b, "  misère outcome  %s\n", m.Outcome)
	switch {
	case m.Move != nil:
		to := "nothing"
		if len(m.Move.To) > 0 {
			parts := make([]string, len(m.Move.To))
			for i, p := range m.Move.To {
				parts[i] = strconv.Itoa(p)
			}
			to = strings.Join(parts, " + ")
		}
		fmt.Fprintf(&b, "  winning move    heap #%d (%d) → %s\n", m.Move.Index+1, m.Move.Heap, to)
	case m.Outcome == impartial.P:
		fmt.Fprintf(&b, "  winning move    none: every move loses\n")
	}
	claim := fmt.Sprintf("computed for heaps 0..%d", m.Quotient.Heaps)
	if m.Quotient.Status == misere.Proved {
		claim = fmt.Sprintf("proved for every heap at heap %d", m.Quotient.Computed)
	}
	fmt.Fprintf(&b, "  by the misère quotient of %d elements, %s\n", m.Quotient.Size, claim)
	return b.String()
}
