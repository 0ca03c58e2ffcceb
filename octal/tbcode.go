package octal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Take-and-break codes as CGSuite writes them (CGSuite's
// game.heap.TakeAndBreak; its parser and move generator are the class
// org.cgsuite.core.impartial.TBCode, aaron-siegel/cgsuite on GitHub, file
// lib/core/src/main/scala/org/cgsuite/core/impartial/TBCode.scala). Digit
// d_k of d0.d1d2… says how many heaps a move removing k tokens may leave:
// bit r of d_k allows leaving exactly r non-empty heaps, so 1, 2, 4, 8
// are the octal and hexadecimal digits' meanings and the digits go on past
// 15. The symbols, with CGSuite's definitions:
//
//	0–9, A–Z      the digit 0–35 (CGSuite's documentation; its parser
//	              stops at V = 31): bit r allows r heaps
//	&N;           the digit N in decimal, for any N < 2^63 (&64; = 6 heaps)
//	{r,s,…}       explicit heap counts: {2,3} is C; {2+} two heaps or more;
//	              a count may carry its own modifier ({2!,3})
//	*             any number of heaps (0, 1, 2, …)
//	d!            the heaps left are pairwise unequal
//	d?            the heaps left are not all equal
//	d=            the heaps left are all equal
//	[…]           the digits in brackets repeat forever: 0.[3] is Nim
//
// A modifier constrains the moves leaving two heaps or more; on none or
// one heap it has no effect. (CGSuite's move generator also refuses, under
// "?", to leave a single heap of one token; grundy does not, following the
// documented definition "heaps cannot all be equal in size", which a move
// leaving one heap does not concern.) Grundy's game is 4!.0.
//
// Digits before d0 (CGSuite's "additive" digits, which add tokens) are
// refused: their games are in general loopy. So is a d0 that allows one
// heap (removing nothing and leaving the heap is no move).

// Constraint is a modifier of a take-and-break digit: what the heaps a
// move leaves must satisfy (for two heaps or more).
type Constraint int8

const (
	Unconstrained Constraint = iota
	NotAllEqual              // "?": the heaps are not all the same size
	AllUnequal               // "!": the heaps are pairwise unequal
	AllEqual                 // "=": the heaps are all the same size
	disallowed    Constraint = -1
)

func (c Constraint) suffix() string {
	switch c {
	case NotAllEqual:
		return "?"
	case AllUnequal:
		return "!"
	case AllEqual:
		return "="
	}
	return ""
}

// maxTBHeapCount is the largest explicit heap count of a digit ({…} lists
// and &N; both stop at 63, as CGSuite's do).
const maxTBHeapCount = 63

// TBDigit is one digit of a take-and-break code: which numbers of heaps a
// move removing its number of tokens may leave, each with its constraint.
type TBDigit struct {
	// heaps[r] is the constraint on leaving exactly r heaps, or disallowed.
	heaps []Constraint
	// more allows every count past len(heaps)−1, with heaps[len−1]'s
	// constraint ("*", "{2+}").
	more bool
}

// newDigit normalizes a digit as CGSuite's Digit.apply does: constraints
// on 0 or 1 heaps take the constraint of the counts of two heaps or more
// when those all share one, and are dropped otherwise (they mean nothing);
// an unbounded digit is padded to 4 counts and trimmed to its last change.
func newDigit(heaps []Constraint, more bool) TBDigit {
	last := len(heaps) - 1
	for last >= 0 && heaps[last] == disallowed {
		last--
	}
	hs := slices.Clone(heaps[:last+1])
	if more && len(hs) == 0 {
		more = false
	}
	if more {
		for len(hs) < 4 {
			hs = append(hs, hs[len(hs)-1])
		}
	}
	eff := map[Constraint]bool{}
	for r := 2; r < len(hs); r++ {
		if hs[r] != disallowed {
			eff[hs[r]] = true
		}
	}
	for r, c := range hs {
		switch {
		case c == disallowed:
		case len(eff) == 1:
			for e := range eff {
				hs[r] = e
			}
		case r <= 1:
			hs[r] = Unconstrained
		}
	}
	if more {
		lastDiff := -1
		for r := range hs {
			if hs[r] != hs[len(hs)-1] {
				lastDiff = r
			}
		}
		hs = hs[:lastDiff+2]
	}
	return TBDigit{heaps: hs, more: more}
}

// digitFromMask is the digit whose bit r allows r heaps, all with c.
func digitFromMask(mask uint64, c Constraint) TBDigit {
	var hs []Constraint
	for r := 0; r < 64 && mask>>r != 0; r++ {
		if mask>>r&1 != 0 {
			hs = append(hs, c)
		} else {
			hs = append(hs, disallowed)
		}
	}
	return newDigit(hs, false)
}

// IsZero reports whether the digit allows no move.
func (d TBDigit) IsZero() bool { return len(d.heaps) == 0 }

// Allows returns the constraint on leaving exactly r heaps, and whether it
// is allowed at all.
func (d TBDigit) Allows(r int) (Constraint, bool) {
	switch {
	case r < len(d.heaps):
		return d.heaps[r], d.heaps[r] != disallowed
	case d.more && len(d.heaps) > 0:
		return d.heaps[len(d.heaps)-1], true
	}
	return disallowed, false
}

// MaxHeaps returns the most heaps the digit may leave (0 for the zero
// digit), or -1 if unbounded.
func (d TBDigit) MaxHeaps() int {
	if d.more {
		return -1
	}
	return max(len(d.heaps)-1, 0)
}

// String writes the digit as CGSuite does: a character 0–V (0–31) or &N;
// with one modifier, "*" or {…+} for an unbounded digit, and an explicit
// list with a modifier on each count when the counts disagree.
func (d TBDigit) String() string {
	if len(d.heaps) == 0 {
		return "0"
	}
	lastC := d.heaps[len(d.heaps)-1]
	consistent := true
	for _, c := range d.heaps {
		if c != disallowed && c != lastC {
			consistent = false
		}
	}
	switch {
	case consistent && !d.more:
		var base uint64
		for r, c := range d.heaps {
			if c != disallowed {
				base |= 1 << r
			}
		}
		if base < 32 {
			return string("0123456789ABCDEFGHIJKLMNOPQRSTUV"[base]) + lastC.suffix()
		}
		return "&" + strconv.FormatUint(base, 10) + ";" + lastC.suffix()
	case consistent:
		if len(d.heaps) == 1 {
			return "*" + lastC.suffix()
		}
		var rs []string
		for r, c := range d.heaps {
			if c == lastC {
				rs = append(rs, strconv.Itoa(r))
			}
		}
		return "{" + strings.Join(rs, ",") + "+}" + lastC.suffix()
	}
	var rs []string
	for r, c := range d.heaps {
		if c != disallowed {
			rs = append(rs, strconv.Itoa(r)+c.suffix())
		}
	}
	more := ""
	if d.more {
		more = "+"
	}
	return "{" + strings.Join(rs, ",") + more + "}"
}

// TBCode is a take-and-break code in CGSuite's syntax (see ParseTB): d0,
// d1, …, the last Period of them repeating forever.
type TBCode struct {
	Digits []TBDigit // d0, d1, …; at least d0
	Period int       // 0: the code is finite
}

// MaxTBDigits is the largest number of digits after the point ParseTB
// accepts.
const MaxTBDigits = MaxDigits

// ParseTB reads a take-and-break code as CGSuite writes it: "0.77",
// "4!.0" (Grundy's game), "0.[3]" (Nim), "0.{2+}", "8?.0", "0.G" (remove one
// token and leave four heaps), "0.&64;", ".77" (d0 = 0). Errors are
// *SyntaxError values naming the column.
func ParseTB(s string) (TBCode, error) {
	fail := func(off int, format string, args ...any) (TBCode, error) {
		return TBCode{}, &SyntaxError{What: "code", Input: s, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if strings.TrimSpace(s) == "" {
		return fail(-1, "empty code (want a code such as 0.77, 4!.0 or 0.[3])")
	}
	var additive, digits []TBDigit
	var addOff []int
	inAdditive, inPeriod := true, false
	pre := -1
	for i := 0; i < len(s); i++ {
		start := i
		var d TBDigit
		var isDigit bool
		switch ch := s[i]; {
		case ch == '.':
			if !inAdditive {
				return fail(i, "a second point")
			}
			inAdditive = false
			continue
		case ch == '[':
			if inAdditive {
				return fail(i, "[ must come after the point: the repeating digits are d1, d2, …")
			}
			if inPeriod || pre >= 0 {
				return fail(i, "a second [")
			}
			inPeriod, pre = true, len(digits)
			continue
		case ch == ']':
			if !inPeriod {
				return fail(i, "] without [")
			}
			if i != len(s)-1 {
				return fail(i+1, "the repeating digits [...] must end the code")
			}
			if len(digits) == pre {
				return fail(i, "no digit between [ and ]")
			}
			inPeriod = false
			continue
		case ch == '*':
			c, n := constraintAt(s, i+1)
			d, isDigit = newDigit([]Constraint{c}, true), true
			i += n
		case ch == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return fail(i, "missing } for this {")
			}
			end += i
			c, n := constraintAt(s, end+1)
			var err error
			if d, err = parseCounts(s, i+1, end, c); err != nil {
				return TBCode{}, err
			}
			isDigit = true
			i = end + n
		case ch == '&':
			end := strings.IndexByte(s[i:], ';')
			if end < 0 {
				return fail(i, "missing ; to end &N;")
			}
			end += i
			v, err := strconv.ParseUint(s[i+1:end], 10, 63)
			if err != nil {
				return fail(i+1, "&N; needs a whole number N below 2^63, not %q", s[i+1:end])
			}
			c, n := constraintAt(s, end+1)
			d, isDigit = digitFromMask(v, c), true
			i = end + n
		case ch >= '0' && ch <= '9', ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z':
			v := digit36(ch)
			c, n := constraintAt(s, i+1)
			d, isDigit = digitFromMask(uint64(v), c), true
			i += n
		case ch == '!' || ch == '?' || ch == '=':
			return fail(i, "%q must follow a digit", string(ch))
		default:
			return fail(i, "%q is not a digit (0-9, A-Z, &N;, {…} or *) nor . [ ]", firstRune(s[i:]))
		}
		if !isDigit {
			continue
		}
		if inAdditive {
			additive = append(additive, d)
			addOff = append(addOff, start)
		} else {
			if len(digits) >= MaxTBDigits {
				return fail(start, "too many digits (at most %d after the point)", MaxTBDigits)
			}
			digits = append(digits, d)
		}
	}
	if inAdditive {
		return fail(-1, "missing the point: write d0.d1d2… such as 0.77 or 4!.0")
	}
	if inPeriod {
		return fail(len(s), "missing ] to end the repeating digits")
	}
	d0 := TBDigit{}
	if n := len(additive); n > 0 {
		d0 = additive[n-1]
		for j, a := range additive[:n-1] {
			if !a.IsZero() {
				return fail(addOff[j], "digits before d0 add tokens to a heap (CGSuite's additive codes); grundy does not support them (their games are loopy in general)")
			}
		}
		if _, ok := d0.Allows(1); ok {
			return fail(addOff[n-1], "d0 may not leave one heap: removing nothing and leaving the heap is no move (the game would be loopy)")
		}
	}
	period := 0
	if pre >= 0 {
		period = len(digits) - pre
	}
	return normalizeTB(append([]TBDigit{d0}, digits...), period), nil
}

// normalizeTB drops trailing zero digits (a repeating part of zeros with
// them) as CGSuite's TBCode.apply does.
func normalizeTB(ds []TBDigit, period int) TBCode {
	if period > 0 {
		zero := true
		for _, d := range ds[len(ds)-period:] {
			zero = zero && d.IsZero()
		}
		if zero {
			ds, period = ds[:len(ds)-period], 0
		}
	}
	if period == 0 {
		for len(ds) > 1 && ds[len(ds)-1].IsZero() {
			ds = ds[:len(ds)-1]
		}
	}
	return TBCode{Digits: ds, Period: period}
}

// constraintAt reads a modifier at s[i], if any, and its length.
func constraintAt(s string, i int) (Constraint, int) {
	if i >= 0 && i < len(s) {
		switch s[i] {
		case '!':
			return AllUnequal, 1
		case '?':
			return NotAllEqual, 1
		case '=':
			return AllEqual, 1
		}
	}
	return Unconstrained, 0
}

// parseCounts reads the heap counts of a {…} digit, s[from:to] (global, the
// modifier after the }).
func parseCounts(s string, from, to int, global Constraint) (TBDigit, error) {
	fail := func(off int, format string, args ...any) (TBDigit, error) {
		return TBDigit{}, &SyntaxError{What: "code", Input: s, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	body := s[from:to]
	more := strings.HasSuffix(body, "+")
	if more {
		body = body[:len(body)-1]
	}
	if strings.TrimSpace(body) == "" {
		return fail(from, "no heap count in {} (want counts such as {2,3} or {2+})")
	}
	hs := []Constraint{}
	off := from
	for _, tok := range strings.Split(body, ",") {
		c, n := constraintAt(tok, len(tok)-1)
		num := tok
		if n > 0 {
			if global != Unconstrained {
				return fail(off+len(tok)-1, "a modifier on a count and one after the } at once")
			}
			num = tok[:len(tok)-1]
		} else {
			c = global
		}
		r, err := strconv.Atoi(num)
		if err != nil || r < 0 || num == "" || num[0] == '+' {
			return fail(off, "%q is not a heap count (a whole number from 0 to %d)", tok, maxTBHeapCount)
		}
		if r > maxTBHeapCount {
			return fail(off, "heap count %d is too large (at most %d)", r, maxTBHeapCount)
		}
		for len(hs) <= r {
			hs = append(hs, disallowed)
		}
		hs[r] = c
		off += len(tok) + 1
	}
	if more && hs[len(hs)-1] == disallowed {
		return fail(from, "+ needs a count before it")
	}
	return newDigit(hs, more), nil
}

func digit36(ch byte) int {
	switch {
	case ch >= '0' && ch <= '9':
		return int(ch - '0')
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 10
	}
	return int(ch-'A') + 10
}

// Digit returns d_k (the zero digit beyond a finite code).
func (c TBCode) Digit(k int) TBDigit {
	switch {
	case k < 0:
		return TBDigit{}
	case k < len(c.Digits):
		return c.Digits[k]
	case c.Period > 0:
		pre := len(c.Digits) - c.Period
		return c.Digits[pre+(k-pre)%c.Period]
	}
	return TBDigit{}
}

// MaxRemove returns the most tokens a move removes, or -1 when a repeating
// part makes it unbounded.
func (c TBCode) MaxRemove() int {
	if c.Period > 0 {
		return -1
	}
	return len(c.Digits) - 1
}

// MaxHeaps returns the most heaps a move may leave, or -1 if unbounded.
func (c TBCode) MaxHeaps() int {
	h := 0
	for _, d := range c.Digits {
		m := d.MaxHeaps()
		if m < 0 {
			return -1
		}
		h = max(h, m)
	}
	return h
}

// constrained reports whether some digit constrains a count of two heaps
// or more.
func (c TBCode) constrained() bool {
	for _, d := range c.Digits {
		for r, k := range d.heaps {
			if r >= 2 && k != disallowed && k != Unconstrained {
				return true
			}
		}
	}
	return false
}

// String writes the code in CGSuite's canonical form: "4!.0", "0.77",
// "0.[3]", "0.{2+}?"; ParseTB reads it back to the same code.
func (c TBCode) String() string {
	var b strings.Builder
	b.WriteString(c.Digits[0].String())
	b.WriteByte('.')
	pre := len(c.Digits) - c.Period
	if pre == 1 && c.Period == 0 {
		b.WriteByte('0')
	}
	for _, d := range c.Digits[1:pre] {
		b.WriteString(d.String())
	}
	if c.Period > 0 {
		b.WriteByte('[')
		for _, d := range c.Digits[pre:] {
			b.WriteString(d.String())
		}
		b.WriteByte(']')
	}
	return b.String()
}

// Describe states the moves in words, for the catalog.
func (c TBCode) Describe() string {
	counts := func(d TBDigit) string {
		var parts []string
		for r := 0; r < len(d.heaps); r++ {
			k, ok := d.Allows(r)
			if !ok {
				continue
			}
			w := ""
			switch r {
			case 0:
				w = "nothing"
			case 1:
				w = "one heap"
			default:
				w = strconv.Itoa(r) + " heaps"
				if d.more && r == len(d.heaps)-1 {
					w = strconv.Itoa(r) + " heaps or more"
				}
				switch k {
				case AllUnequal:
					w += " (pairwise unequal)"
				case NotAllEqual:
					w += " (not all equal)"
				case AllEqual:
					w += " (all equal)"
				}
			}
			parts = append(parts, w)
		}
		return strings.Join(parts, ", ")
	}
	var parts []string
	pre := len(c.Digits) - c.Period
	for k, d := range c.Digits {
		if d.IsZero() {
			continue
		}
		what := fmt.Sprintf("remove %d leaving %s", k, counts(d))
		if k == 0 {
			what = "split a heap into " + strings.TrimPrefix(counts(d), "nothing, ")
		}
		if c.Period > 0 && k >= pre {
			what = fmt.Sprintf("remove %d, %d+%d, %d+2·%d, … leaving %s", k, k, c.Period, k, c.Period, counts(d))
		}
		parts = append(parts, what)
	}
	if len(parts) == 0 {
		return "No move is possible."
	}
	return "A move may " + strings.Join(parts, "; or ") + "; heaps left are non-empty; whoever cannot move loses."
}
