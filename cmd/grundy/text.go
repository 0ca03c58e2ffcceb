package main

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/play"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
)

// The command line's words for the catalog's answers: a result, a period,
// a misère form. (The JSON forms, --json, are the catalog's types as they
// are, the same bytes as the web API's.)

// textStyle says how a result is written for the terminal.
type textStyle struct {
	// color colours each move by what it does for the player making it, as
	// the web page does: green wins, yellow keeps a draw, red loses.
	color bool
	// page is the number of moves asked for (--moves), 0 for all of them;
	// the note after a longer list says how to see more.
	page int
	// classes is the number of move classes shown (0: all).
	classes int
	// all says that every option was asked for (Options.AllOptions).
	all bool
}

// ANSI colours of the results of moves.
const (
	ansiGreen  = "\x1b[32m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiBold   = "\x1b[1m"
	ansiReset  = "\x1b[0m"
)

// paint colours text for a move's result ("win", "lose", "draw").
func (st textStyle) paint(result, text string) string {
	if !st.color {
		return text
	}
	switch result {
	case "win":
		return ansiGreen + text + ansiReset
	case "lose":
		return ansiRed + text + ansiReset
	case "draw":
		return ansiYellow + text + ansiReset
	}
	return text
}

// resultText explains a result in a sentence, then lists the moves, one per
// line, for terminal output.
func resultText(r *catalog.Result, st textStyle) string {
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
	case st.all:
		b.WriteString(optionsHeader(r, in))
	case r.Outcome == impartial.Draw:
		b.WriteString(" is a draw: neither player can force a win")
		switch {
		case len(r.DrawingMoves) == 0 && r.MoveCount == nil:
			b.WriteString(".\n")
		case len(r.DrawingMoves) == 1 && r.MoveCount == nil:
			fmt.Fprintf(&b, "; the one move that keeps the draw is to %s.\n", describe(r.DrawingMoves[0]))
		default:
			fmt.Fprintf(&b, "; %s keep the draw:\n", counted(r, len(r.DrawingMoves), "move"))
			writeMoves(&b, r.DrawingMoves, st, "draw")
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
		writeMoves(&b, r.WinningMoves, st, "win")
	default:
		anyOf := "any of "
		if len(r.WinningMoves) == 1 {
			anyOf = ""
		}
		fmt.Fprintf(&b, " is an N-position: the player to move wins with %s%s:\n", anyOf, counted(r, len(r.WinningMoves), "move"))
		writeMoves(&b, r.WinningMoves, st, "win")
	}
	writeOptions(&b, r, st)
	listed := len(r.WinningMoves) + len(r.DrawingMoves)
	if st.all {
		listed = len(r.Options) // the winning moves are among them
	}
	switch {
	case st.page > 0 && r.NextOffset != nil && listed == st.page && r.MoveCount != nil && *r.MoveCount > int64(listed):
		fmt.Fprintf(&b, "  (%d more: --moves all lists them, --moves N the first N)\n", *r.MoveCount-int64(listed))
	case st.page > 0 && r.NextOffset != nil && listed == st.page:
		b.WriteString("  (more: --moves all lists them, --moves N the first N)\n")
	case r.MovesNote != "":
		fmt.Fprintf(&b, "  (%s)\n", r.MovesNote)
	}
	if r.CountNote != "" {
		fmt.Fprintf(&b, "  (%s)\n", r.CountNote)
	}
	if r.RemotenessNote != "" {
		fmt.Fprintf(&b, "  (remoteness %s)\n", r.RemotenessNote)
	}
	writeClasses(&b, r, st)
	return b.String()
}

// optionsHeader ends the first sentence of a result that lists every
// option: the outcome and how long the game lasts, then what follows.
func optionsHeader(r *catalog.Result, in string) string {
	var b strings.Builder
	switch {
	case r.Outcome == impartial.Draw:
		b.WriteString(" is a draw: neither player can force a win.")
	case r.Outcome == impartial.P && r.Remoteness != nil && *r.Remoteness == 0:
		b.WriteString(" is a P-position: the player to move has no move and loses.\n")
		return b.String()
	case r.Outcome == impartial.P:
		fmt.Fprintf(&b, " is a P-position: the player to move loses%s against best play.", in)
	default:
		fmt.Fprintf(&b, " is an N-position: the player to move wins%s%s.", in, winningCount(r))
	}
	n := len(r.Options)
	total := n
	if r.MoveCount != nil && *r.MoveCount > int64(n) {
		total = int(*r.MoveCount)
	}
	// Winning moves come first whatever the engine could rank (shape.go).
	order := ", best first"
	if r.Remoteness == nil && r.LoopyValue == "" {
		order = ", winning first"
		if r.Outcome != impartial.N {
			order = ""
		}
	}
	switch {
	case r.MoveCount != nil && *r.MoveCount < 0 && n == 0:
		fmt.Fprintf(&b, " Its moves are not all counted:\n")
	case r.MoveCount != nil && *r.MoveCount < 0:
		fmt.Fprintf(&b, " Its moves%s (not all of them counted); the first %d:\n", order, n)
	case total == n && n == 1:
		fmt.Fprintf(&b, " Its one move%s:\n", order)
	case total == n:
		fmt.Fprintf(&b, " Its %d moves%s:\n", n, order)
	default:
		fmt.Fprintf(&b, " Its %d moves%s; the first %d:\n", total, order, n)
	}
	return b.String()
}

// winningCount says how many moves win, for a result that lists every
// option: " with one winning move", " with 8333338 winning moves", " with at
// least 10 winning moves" (not all counted).
func winningCount(r *catalog.Result) string {
	if r.WinningMoveCount == nil {
		return ""
	}
	switch n := *r.WinningMoveCount; {
	case n < 0:
		listed := 0
		for _, o := range r.Options {
			if o.Result == "win" {
				listed++
			}
		}
		return fmt.Sprintf(", with at least %s", plural(max(listed, 1), "winning move"))
	case n == 1:
		return ", with one winning move"
	default:
		return fmt.Sprintf(", with %d winning moves", n)
	}
}

// writeOptions lists every option with what it does for the player making
// it, the value of the position it leads to and that position's
// remoteness (the moves the game then lasts).
func writeOptions(b *strings.Builder, r *catalog.Result, st textStyle) {
	width := 0
	for _, o := range r.Options {
		width = max(width, utf8.RuneCountInString(describe(catalog.Move{To: o.To, Move: o.Move})))
	}
	width = min(width, 48)
	for _, o := range r.Options {
		text := describe(catalog.Move{To: o.To, Move: o.Move})
		var about []string
		switch {
		case o.LoopyValue != "" && r.LoopyValue != "":
			about = append(about, "value "+o.LoopyValue)
		case o.Value != nil:
			about = append(about, fmt.Sprintf("value %d", uint64(*o.Value)))
		}
		if o.Remoteness != nil {
			about = append(about, "remoteness "+strconv.Itoa(*o.Remoteness))
		}
		pad := ""
		if n := utf8.RuneCountInString(text); n < width && len(about) > 0 {
			pad = strings.Repeat(" ", width-n)
		}
		line := fmt.Sprintf("%-5s %s%s", o.Result, text, pad)
		if len(about) > 0 {
			line += "  " + strings.Join(about, ", ")
		}
		fmt.Fprintf(b, "  %s\n", st.paint(o.Result, line))
	}
}

// writeClasses lists the classes of moves too many to list (the residue
// classes of a proved period), at most st.classes of them.
func writeClasses(b *strings.Builder, r *catalog.Result, st textStyle) {
	if len(r.MoveClasses) == 0 {
		return
	}
	total := max(r.MoveClassCount, len(r.MoveClasses))
	// The classes of many moves first: they hold nearly all of them (the
	// single moves below the pre-period are listed one by one).
	shown := slices.Clone(r.MoveClasses)
	slices.SortStableFunc(shown, func(a, b catalog.MoveClass) int { return cmp.Compare(min(b.Count, 2), min(a.Count, 2)) })
	if st.classes > 0 && len(shown) > st.classes {
		shown = shown[:st.classes]
	}
	them := "All of them"
	if st.all {
		them = "All the winning moves" // the classes describe the winning moves only
	}
	if total == 1 {
		fmt.Fprintf(b, "%s, in closed form:\n", them)
	} else {
		fmt.Fprintf(b, "%s, in %d classes:\n", them, total)
	}
	multi := false
	for _, c := range r.MoveClasses {
		multi = multi || c.Component != r.MoveClasses[0].Component
	}
	for _, c := range shown {
		where := ""
		if multi || r.Game == "sum" {
			where = fmt.Sprintf("component %d: ", c.Component)
		}
		fmt.Fprintf(b, "  %s%s\n", where, c.Moves)
	}
	if left := total - len(shown); left > 0 {
		fmt.Fprintf(b, "  (%d more classes: --json lists them)\n", left)
	}
}

// addends writes the values of a position's components, " = 1 ⊕ 7 ⊕ 2",
// when there are several: the games of a sum (Result.Components), or the
// heaps, rows, coins of one game's position (Result.ComponentValues, set
// when the value is their nim-sum), so the sentence shows why, as the
// web's sum form and values page do.
func addends(r *catalog.Result) string {
	if len(r.Components) < 2 {
		if len(r.ComponentValues) < 2 || r.Value == nil || r.LoopyValue != "" {
			return ""
		}
		vals := make([]string, len(r.ComponentValues))
		for i, v := range r.ComponentValues {
			vals[i] = strconv.FormatUint(uint64(v), 10)
		}
		return " = " + strings.Join(vals, " ⊕ ")
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

func writeMoves(b *strings.Builder, ms []catalog.Move, st textStyle, result string) {
	for _, m := range ms {
		fmt.Fprintf(b, "  %s\n", st.paint(result, describe(m)))
	}
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

// misereShown is the number of winning moves misereSolutionText writes.
const misereShown = 10

// misereSolutionText states a sum of heaps answered by a misère quotient:
// the image in plain words, the outcome it decides and every winning
// move (the first misereShown, and how many --json lists).
func misereSolutionText(m *catalog.MisereSolution) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: a sum of %s\n", m.Game, plural(m.Heaps, "heap"))
	// The image in plain words: what stands for the sum in the quotient,
	// and what it decides.
	fmt.Fprintf(&b, "  image           %s, the element of the quotient that stands for the sum (its heaps' images multiplied)\n", m.Image)
	in := "is not in the P-portion: the player to move wins"
	if m.Outcome == impartial.P {
		in = "is in the P-portion: the player to move loses"
	}
	fmt.Fprintf(&b, "  misère outcome  %s (%s %s)\n", m.Outcome, m.Image, in)
	switch {
	case len(m.Moves) > 0:
		head := "winning moves"
		if len(m.Moves) == 1 && !m.More {
			head = "winning move"
		}
		for _, mv := range m.Moves[:min(len(m.Moves), misereShown)] {
			fmt.Fprintf(&b, "  %-15s heap #%d (%d) → %s\n", head, mv.Index+1, mv.Heap, misereMoveTo(mv))
			head = ""
		}
		switch {
		case m.More:
			fmt.Fprintf(&b, "  %-15s … and more: --json lists the first %d\n", "", len(m.Moves))
		case len(m.Moves) > misereShown:
			fmt.Fprintf(&b, "  %-15s … %d in all: --json lists them\n", "", len(m.Moves))
		}
	case m.Move != nil:
		fmt.Fprintf(&b, "  winning move    heap #%d (%d) → %s\n", m.Move.Index+1, m.Move.Heap, misereMoveTo(*m.Move))
	case m.Outcome == impartial.P:
		fmt.Fprintf(&b, "  winning move    none: every move loses\n")
	default:
		fmt.Fprintf(&b, "  winning move    none needed: no move is left, and under misère play the player who cannot move wins\n")
	}
	claim := fmt.Sprintf("computed for heaps 0..%d", m.Quotient.Heaps)
	if m.Quotient.Status == misere.Proved {
		claim = fmt.Sprintf("proved for every heap at heap %d", m.Quotient.Computed)
	}
	fmt.Fprintf(&b, "  by the misère quotient of %d elements, %s\n", m.Quotient.Size, claim)
	return b.String()
}

// misereMoveTo writes the heaps a misère move leaves in place of the heap
// it plays in: "1 + 1", or "nothing".
func misereMoveTo(m misere.Move) string {
	if len(m.To) == 0 {
		return "nothing"
	}
	parts := make([]string, len(m.To))
	for i, p := range m.To {
		parts[i] = strconv.Itoa(p)
	}
	return strings.Join(parts, " + ")
}

// nimSum writes the value of a position of several components as the
// nim-sum of theirs, "3 ⊕ 4 ⊕ 5 = 2", or "" for one component.
func nimSum(r *catalog.Result) string {
	if r.Value == nil {
		return ""
	}
	var vals []string
	switch {
	case len(r.Components) > 1:
		for _, c := range r.Components {
			if c.Value == nil {
				return ""
			}
			vals = append(vals, strconv.FormatUint(uint64(*c.Value), 10))
		}
	case len(r.ComponentValues) > 1:
		for _, v := range r.ComponentValues {
			vals = append(vals, strconv.FormatUint(uint64(v), 10))
		}
	default:
		return ""
	}
	return fmt.Sprintf("%s = %d", strings.Join(vals, " ⊕ "), uint64(*r.Value))
}

// optionValue writes the value of the position an option leads to: its
// loopy value, else its nim-value, else "".
func optionValue(o catalog.Option) string {
	switch {
	case o.LoopyValue != "":
		return o.LoopyValue
	case o.Value != nil:
		return strconv.FormatUint(uint64(*o.Value), 10)
	}
	return ""
}

// verdictText says what the analysis before a move makes of it, as the
// web's play page does: a good move, or a mistake with the move that won
// (or kept the draw) and why, from the values.
func verdictText(before *catalog.Result, v play.Verdict) string {
	o := v.Chosen
	named := func(x *catalog.Option) string { return describe(catalog.Move{To: x.To, Move: x.Move}) }
	switch {
	case o.Result == "win":
		has := ""
		if val := optionValue(o); val != "" {
			has = " has value " + val + ","
		}
		return fmt.Sprintf("Good move: %s%s a losing position for the player to move.", o.To, has)
	case v.Mistake && v.Better.Result == "win":
		best := v.Better
		var why string
		switch sum := nimSum(before); {
		case sum != "":
			why = fmt.Sprintf("since %s ≠ 0: a move that makes the nim-sum 0 wins, and %s has value 0", sum, best.To)
		case before.LoopyValue != "":
			why = fmt.Sprintf("since %s has value %s, and %s is a P-position", before.Position, before.LoopyValue, best.To)
		case before.Value != nil:
			why = fmt.Sprintf("since %s has value %d ≠ 0 and %s has value 0", before.Position, uint64(*before.Value), best.To)
		case before.Misere:
			why = fmt.Sprintf("since %s is a P-position under misère play", best.To)
		default:
			why = fmt.Sprintf("since %s is a P-position", best.To)
		}
		yours := fmt.Sprintf("; %s is not a P-position", o.To)
		if val := optionValue(o); val != "" {
			yours = fmt.Sprintf("; yours, %s, has value %s", o.To, val)
		}
		return fmt.Sprintf("That was a mistake: %s wins, %s%s.", named(best), why, yours)
	case v.Mistake:
		val := optionValue(*v.Better)
		if val == "" {
			val = "∞"
		}
		return fmt.Sprintf("That was a mistake: %s keeps the draw (value %s); from %s the other player can force a win.", named(v.Better), val, o.To)
	case o.Result == "draw":
		val := optionValue(o)
		if val == "" {
			val = "∞"
		}
		return fmt.Sprintf("You keep the draw: %s has value %s.", o.To, val)
	}
	value := ""
	if sum := nimSum(before); sum != "" {
		value = fmt.Sprintf(" (value %s)", sum)
	} else if before.Value != nil {
		value = fmt.Sprintf(" (value %d)", uint64(*before.Value))
	}
	return fmt.Sprintf("No move wins from %s%s: every move leads to a position the other player wins.", before.Position, value)
}
