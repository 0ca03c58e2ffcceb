package bridge

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// MaxN is the largest n (2n players, 4n cards) a deal or a counting query may
// have. The spec asks for n up to 10^6; the limit only guards against a
// mistyped header allocating gigabytes.
const MaxN = 10_000_000

// Team is one of the two teams: P sits at the odd positions, A at the even.
type Team uint8

const (
	TeamP Team = iota // the odd positions; minimizes A's points
	TeamA             // the even positions; maximizes A's points
)

// TeamOf returns the team of the player at 1-based position pos.
func TeamOf(pos int) Team {
	if pos%2 == 0 {
		return TeamA
	}
	return TeamP
}

// Other returns the other team.
func (t Team) Other() Team { return t ^ 1 }

// MarshalText encodes the team as "A" or "P".
func (t Team) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText decodes "A" or "P".
func (t *Team) UnmarshalText(b []byte) error {
	switch string(b) {
	case "A":
		*t = TeamA
	case "P":
		*t = TeamP
	default:
		return fmt.Errorf("team %q is not A or P", b)
	}
	return nil
}

func (t Team) String() string {
	if t == TeamA {
		return "A"
	}
	return "P"
}

// Deal is a layout: two cards for each of the 2n positions, the cards being
// 1..4n, each dealt once. A Deal is immutable once built.
type Deal struct {
	hands  [][2]int32 // hands[i] = the cards of position i+1, low then high
	holder []int32    // holder[c] = 0-based position holding card c, for c in 1..4n
}

// InputError reports an invalid deal or counting query. Line is the 1-based
// line of the input (0 when the deal did not come from text).
type InputError struct {
	Line int
	Msg  string
}

func (e *InputError) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("input line %d: %s", e.Line, e.Msg)
}

// NewDeal validates hands (hands[i] holds the two cards of position i+1) and
// returns the deal. There must be 2n hands for some n ≥ 1, and the 4n cards
// must be 1..4n, each exactly once; otherwise the error is an *InputError
// naming the position.
func NewDeal(hands [][2]int) (*Deal, error) {
	if len(hands) == 0 || len(hands)%2 != 0 {
		return nil, &InputError{Msg: fmt.Sprintf("a deal needs an even, positive number of hands (2n), got %d", len(hands))}
	}
	if len(hands)/2 > MaxN {
		return nil, &InputError{Msg: fmt.Sprintf("n = %d is larger than %d", len(hands)/2, MaxN)}
	}
	n := len(hands) / 2
	for i, h := range hands {
		if msg := checkHand(n, h[0], h[1]); msg != "" {
			return nil, &InputError{Msg: fmt.Sprintf("position %d: %s", i+1, msg)}
		}
	}
	d, dup := build(n, func(i int) (int, int) { return hands[i][0], hands[i][1] })
	if dup != nil {
		return nil, &InputError{Msg: fmt.Sprintf("position %d: card %d appears twice (already held by position %d)", dup.pos+1, dup.card, dup.first+1)}
	}
	return d, nil
}

// checkHand returns "" or what is wrong with a hand on its own.
func checkHand(n, x, y int) string {
	top := 4 * n
	for _, c := range []int{x, y} {
		if c < 1 || c > top {
			return fmt.Sprintf("card %d is outside 1..%d (4n for n = %d)", c, top, n)
		}
	}
	if x == y {
		return fmt.Sprintf("card %d appears twice in the same hand", x)
	}
	return ""
}

type duplicate struct{ card, pos, first int }

// build makes the deal from 2n checked hands, or reports the first card
// dealt twice. Nothing is allocated before the hands exist, so a mistyped n
// costs no memory.
func build(n int, hand func(i int) (int, int)) (*Deal, *duplicate) {
	d := &Deal{hands: make([][2]int32, 2*n), holder: make([]int32, 4*n+1)}
	for i := range d.holder {
		d.holder[i] = -1
	}
	for i := range 2 * n {
		x, y := hand(i)
		if h := d.holder[x]; h >= 0 {
			return nil, &duplicate{card: x, pos: i, first: int(h)}
		}
		if h := d.holder[y]; h >= 0 {
			return nil, &duplicate{card: y, pos: i, first: int(h)}
		}
		d.holder[x], d.holder[y] = int32(i), int32(i)
		d.hands[i] = [2]int32{int32(min(x, y)), int32(max(x, y))}
	}
	return d, nil
}

// ParseDeal reads a deal in the spec's text form: a line with n, then 2n
// lines "a b" giving the two cards of positions 1..2n. Blank lines are
// skipped; anything after the last hand is an error. Errors are *InputError
// naming the line.
func ParseDeal(r io.Reader) (*Deal, error) {
	lr := newLineReader(r)
	n, err := lr.readN()
	if err != nil {
		return nil, err
	}
	var hands [][2]int32
	var lines []int32
	for i := 0; i < 2*n; i++ {
		fields, line, ok, err := lr.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, &InputError{Line: line, Msg: fmt.Sprintf("unexpected end of input: want 2n = %d hands (positions 1..%d), got %d", 2*n, 2*n, i)}
		}
		if len(fields) != 2 {
			return nil, &InputError{Line: line, Msg: fmt.Sprintf("want the two cards of position %d (\"a b\"), got %d values", i+1, len(fields))}
		}
		var cards [2]int
		for j, f := range fields {
			c, ok := atoi(f)
			if !ok {
				return nil, &InputError{Line: line, Msg: fmt.Sprintf("card %q of position %d is not a whole number", f, i+1)}
			}
			cards[j] = c
		}
		if msg := checkHand(n, cards[0], cards[1]); msg != "" {
			return nil, &InputError{Line: line, Msg: fmt.Sprintf("position %d: %s", i+1, msg)}
		}
		hands = append(hands, [2]int32{int32(cards[0]), int32(cards[1])})
		lines = append(lines, int32(line))
	}
	if _, line, ok, err := lr.next(); err != nil {
		return nil, err
	} else if ok {
		return nil, &InputError{Line: line, Msg: fmt.Sprintf("unexpected input after the %d hands", 2*n)}
	}
	d, dup := build(n, func(i int) (int, int) { return int(hands[i][0]), int(hands[i][1]) })
	if dup != nil {
		return nil, &InputError{Line: int(lines[dup.pos]), Msg: fmt.Sprintf("position %d: card %d appears twice (already held by position %d, line %d)", dup.pos+1, dup.card, dup.first+1, int(lines[dup.first]))}
	}
	return d, nil
}

// lineReader splits input into lines of fields, skipping blank lines and
// counting line numbers.
type lineReader struct {
	sc     *bufio.Scanner
	line   int
	fields [][]byte
}

func newLineReader(r io.Reader) *lineReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 64<<20)
	return &lineReader{sc: sc}
}

// next returns the fields of the next non-blank line and its number; ok is
// false at the end of input (line is then the line after the last).
func (lr *lineReader) next() (fields [][]byte, line int, ok bool, err error) {
	raw, line, ok, err := lr.nextRaw()
	if !ok {
		return nil, line, ok, err
	}
	lr.fields = appendFields(lr.fields[:0], raw)
	return lr.fields, line, true, nil
}

// nextRaw returns the next non-blank line, valid until the next call.
func (lr *lineReader) nextRaw() (raw []byte, line int, ok bool, err error) {
	for lr.sc.Scan() {
		lr.line++
		if raw := bytes.TrimSpace(lr.sc.Bytes()); len(raw) > 0 {
			return raw, lr.line, true, nil
		}
	}
	if err := lr.sc.Err(); err != nil {
		return nil, lr.line + 1, false, &InputError{Line: lr.line + 1, Msg: err.Error()}
	}
	return nil, lr.line + 1, false, nil
}

// readN reads a line holding n alone. At the end of input it returns an
// error; use next to detect a clean end between queries.
func (lr *lineReader) readN() (int, error) {
	fields, line, ok, err := lr.next()
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, &InputError{Line: line, Msg: "unexpected end of input: want a line with n"}
	}
	return parseN(fields, line)
}

func parseN(fields [][]byte, line int) (int, error) {
	if len(fields) != 1 {
		return 0, &InputError{Line: line, Msg: fmt.Sprintf("want a line with n alone, got %d values", len(fields))}
	}
	n, err := strconv.Atoi(string(fields[0]))
	if err != nil || n < 1 || n > MaxN {
		return 0, &InputError{Line: line, Msg: fmt.Sprintf("n = %q is not a whole number in 1..%d", fields[0], MaxN)}
	}
	return n, nil
}

// appendFields appends the blank-separated words of s to dst, without
// allocating once dst has room.
func appendFields(dst [][]byte, s []byte) [][]byte {
	i := 0
	for i < len(s) {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		if j > i {
			dst = append(dst, s[i:j])
		}
		i = j
	}
	return dst
}

// atoi parses a decimal whole number (an optional sign, then at most 18
// digits) without allocating.
func atoi(b []byte) (int, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	v := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = 10*v + int(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

// N returns n: the deal has 2n players and 4n cards.
func (d *Deal) N() int { return len(d.hands) / 2 }

// Hand returns the two cards of the player at 1-based position pos, the
// lower first.
func (d *Deal) Hand(pos int) [2]int {
	h := d.hands[pos-1]
	return [2]int{int(h[0]), int(h[1])}
}

// Holder returns the 1-based position holding card c (1 ≤ c ≤ 4n).
func (d *Deal) Holder(c int) int { return int(d.holder[c]) + 1 }

// String formats the deal in the text form ParseDeal reads.
func (d *Deal) String() string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%d\n", d.N())
	for _, h := range d.hands {
		fmt.Fprintf(&b, "%d %d\n", h[0], h[1])
	}
	return b.String()
}
