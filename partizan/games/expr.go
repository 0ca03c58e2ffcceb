package games

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/grundy/grundy/notation"
)

// The expression syntax (grundy value, grundy solve of a sum, the API):
//
//	expr     := sum [ relation sum ]
//	relation := "<=" | ">=" | "==" | "<>" | "<" | ">" | "="
//	sum      := piece { ("+" | "-") piece }
//	piece    := game | value
//	game     := NAME [":" ARGS] position        a ruleset or catalog game
//	position := "'" text "'" [methods] | '"' text '"' [methods] | words up to the next lone operator
//	methods  := { "." Method [ "(" args ")" ] }  CGSuite's, on the value: '..|..'.Cool(1)
//	value    := CGSuite's notation ({1|*}, ^, *3, 3/4v[3]*, {3|1}.Cool(1), …; partizan.Calc.Parse)
//
// A game is named where a piece starts (the start of a sum, or after a "+"
// or "-" outside braces) by a word that is the name of a partizan ruleset
// or, with a Resolver, of an impartial catalog game: "domineering '..|..'",
// "domineering:'..|..'" (the quote right after the colon), "kayles 7",
// "subtract:1,3,4 7". An unquoted position runs over the words up to the
// next word that is an operator alone ("+", "-", a relation), so a
// position with such a word in it (a sum of cakes) is quoted. Everything
// else is CGSuite's notation, read by partizan's parser.

// piece is one part of a sum as written: a game position or a run of
// CGSuite notation (with its leading sign, which the notation reads).
type piece struct {
	off, end int // the piece's bytes in the expression
	neg      bool
	// a game: its name (and spec args) and position text
	name, spec string
	pos        string
	posOff     int
	// methods written after a quoted position ("domineering '..|..'.Cool(1)"),
	// applied to its value, and where they start
	methods    string
	methodsOff int
	// a value: the notation text (leading operator included)
	notation string
}

// relations are the comparison operators, longest first.
var relations = []string{"<=", ">=", "==", "<>", "<", ">", "="}

// split finds the relation of expr at its top level, if any: the text on
// each side with the offset of the right side.
func splitRelation(expr string) (lhs, rel, rhs string, rhsOff, relOff int, err error) {
	sc := scanner{s: expr}
	for sc.i < len(expr) {
		if sc.top() {
			for _, r := range relations {
				if strings.HasPrefix(expr[sc.i:], r) {
					if rel != "" {
						return "", "", "", 0, 0, syntaxErr(expr, sc.i, fmt.Sprintf("a second comparison %q (compare two games at a time)", r))
					}
					lhs, rel, rhsOff, relOff = expr[:sc.i], r, sc.i+len(r), sc.i
					sc.i += len(r)
					goto next
				}
			}
		}
		if err := sc.advance(); err != nil {
			return "", "", "", 0, 0, err
		}
	next:
	}
	if err := sc.close(); err != nil {
		return "", "", "", 0, 0, err
	}
	if rel == "" {
		return expr, "", "", 0, -1, nil
	}
	return lhs, rel, expr[rhsOff:], rhsOff, relOff, nil
}

// scanner walks an expression keeping track of braces, parentheses,
// quotes and the <n> of ^<n>, so that operators are found at the top level
// only.
type scanner struct {
	s     string
	i     int
	depth int
	open  []int // offsets of the open brackets
}

// top reports whether the scanner is outside every bracket.
func (sc *scanner) top() bool { return sc.depth == 0 }

// advance moves past one character, or a whole quoted string or ^<n>.
func (sc *scanner) advance() error {
	ch := sc.s[sc.i]
	switch ch {
	case '{', '(', '[':
		sc.depth++
		sc.open = append(sc.open, sc.i)
	case '}', ')', ']':
		if sc.depth == 0 {
			return syntaxErr(sc.s, sc.i, fmt.Sprintf("unexpected %q (nothing to close)", ch))
		}
		sc.depth--
		sc.open = sc.open[:len(sc.open)-1]
	case '\'', '"':
		end := strings.IndexByte(sc.s[sc.i+1:], ch)
		if end < 0 {
			return syntaxErr(sc.s, sc.i, fmt.Sprintf("unclosed %c", ch))
		}
		sc.i += end + 2
		return nil
	case '^', 'v':
		// ^<n>, v<n>: the < and > are not comparisons
		if sc.i+1 < len(sc.s) && sc.s[sc.i+1] == '<' {
			if end := strings.IndexByte(sc.s[sc.i:], '>'); end > 0 {
				sc.i += end + 1
				return nil
			}
		}
	}
	_, n := utf8.DecodeRuneInString(sc.s[sc.i:])
	sc.i += n
	return nil
}

func (sc *scanner) close() error {
	if sc.depth > 0 {
		at := sc.open[len(sc.open)-1]
		return syntaxErr(sc.s, at, fmt.Sprintf("unclosed %q", sc.s[at]))
	}
	return nil
}

func syntaxErr(input string, off int, msg string) error {
	return &notation.SyntaxError{What: "expression", Input: input, Offset: off, Msg: msg}
}

// isGame says whether a word names a game: a ruleset, or (with a
// resolver) an impartial catalog game.
type isGame func(name string) bool

// pieces splits a sum (s, at offset base of the whole expression full)
// into its pieces.
func pieces(full string, base int, s string, known isGame) ([]piece, error) {
	var out []piece
	sc := scanner{s: s}
	segStart := 0 // start of the current notation run
	atStart := true
	flush := func(end int) {
		if strings.TrimSpace(s[segStart:end]) != "" {
			out = append(out, piece{off: base + segStart, end: base + end, notation: s[segStart:end]})
		}
	}
	for sc.i < len(s) {
		ch := s[sc.i]
		if ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' {
			sc.i++
			continue
		}
		if sc.top() {
			if atStart {
				if name, spec, end, ok := gameWord(s, sc.i, known); ok {
					opStart, neg, err := leadingSign(full, base, s, segStart, sc.i)
					if err != nil {
						return nil, err
					}
					flush(opStart)
					p, next, err := gamePiece(full, base, s, sc.i, name, spec, end)
					if err != nil {
						return nil, err
					}
					p.off, p.neg = base+opStart, neg
					out = append(out, p)
					sc.i, segStart, atStart = next, next, false
					continue
				}
				atStart = false
			}
			if ch == '+' || ch == '-' || strings.HasPrefix(s[sc.i:], "±") {
				atStart = true
			}
		}
		if err := sc.advance(); err != nil {
			return nil, shift(err, full, base)
		}
	}
	if err := sc.close(); err != nil {
		return nil, shift(err, full, base)
	}
	flush(len(s))
	if len(out) == 0 {
		return nil, syntaxErr(full, base+len(s), "missing a game")
	}
	return out, nil
}

// leadingSign reads the operator between the notation run starting at
// segStart and a game starting at at: where it starts and whether it is a
// minus. A game at the start of the sum has none.
func leadingSign(full string, base int, s string, segStart, at int) (int, bool, error) {
	j := at
	for j > segStart && strings.ContainsRune(" \t\r\n", rune(s[j-1])) {
		j--
	}
	if j == segStart {
		return j, false, nil
	}
	switch {
	case strings.HasSuffix(s[segStart:j], "+-") || strings.HasSuffix(s[segStart:j], "±"):
		return 0, false, syntaxErr(full, base+j-1, "a switch ± of a game position: write the position's value, or put the position in its own sum")
	case s[j-1] == '+':
		return j - 1, false, nil
	case s[j-1] == '-':
		// a run of signs: "- -g", "+ -g"
		neg := true
		k := j - 1
		for k > segStart {
			k2 := k
			for k2 > segStart && strings.ContainsRune(" \t\r\n", rune(s[k2-1])) {
				k2--
			}
			if k2 > segStart && (s[k2-1] == '-' || s[k2-1] == '+') {
				if s[k2-1] == '-' {
					neg = !neg
				}
				k = k2 - 1
				continue
			}
			break
		}
		return k, neg, nil
	}
	return j, false, nil
}

// gameWord reads the word at i: a game's name when known says so, with
// the spec arguments after a colon (kept in spec) and where the word ends.
func gameWord(s string, i int, known isGame) (name, spec string, end int, ok bool) {
	j := i
	for j < len(s) && (isAlnum(s[j]) || s[j] == '-' || s[j] == '_') {
		j++
	}
	if j == i || !isLetter(s[i]) {
		return "", "", 0, false
	}
	name = s[i:j]
	if strings.HasSuffix(name, "-") || !known(name) {
		return "", "", 0, false
	}
	spec = name
	if j < len(s) && s[j] == ':' && j+1 < len(s) && s[j+1] != '\'' && s[j+1] != '"' {
		k := j + 1
		for k < len(s) && !strings.ContainsRune(" \t\r\n'\"", rune(s[k])) {
			k++
		}
		spec = s[i:k]
		j = k
	}
	return name, spec, j, true
}

// gamePiece reads a game's position after its name (which ends at end).
func gamePiece(full string, base int, s string, at int, name, spec string, end int) (piece, int, error) {
	p := piece{name: name, spec: spec}
	i := end
	if i < len(s) && s[i] == ':' { // domineering:'..|..'
		i++
	}
	for i < len(s) && strings.ContainsRune(" \t\r\n", rune(s[i])) {
		i++
	}
	if i < len(s) && (s[i] == '\'' || s[i] == '"') {
		q := s[i]
		close := strings.IndexByte(s[i+1:], q)
		if close < 0 {
			return p, 0, syntaxErr(full, base+i, fmt.Sprintf("unclosed %c", q))
		}
		p.pos, p.posOff = s[i+1:i+1+close], base+i+1
		next := i + close + 2
		if m := methodCalls(s[next:]); m > 0 {
			p.methods, p.methodsOff = s[next:next+m], base+next
			next += m
		}
		p.end = base + next
		return p, next, nil
	}
	// words up to a lone operator
	start, j := i, i
	for j < len(s) {
		k := j
		for k < len(s) && !strings.ContainsRune(" \t\r\n", rune(s[k])) {
			k++
		}
		if k == j {
			j++
			continue
		}
		if isOperator(s[j:k]) {
			break
		}
		j = k
		p.end = base + k
	}
	p.pos = strings.TrimSpace(s[start:j])
	p.posOff = base + start
	if p.pos == "" {
		return p, 0, syntaxErr(full, base+at, fmt.Sprintf("%s needs a position (%s 'POSITION')", name, name))
	}
	return p, j, nil
}

// methodCalls returns the length of the methods at the start of s
// (".Cool(1).Freeze"): runs of "." Name [ "(" … ")" ], the parentheses
// balanced; partizan's parser reads them.
func methodCalls(s string) int {
	i := 0
	for i+1 < len(s) && s[i] == '.' && isLetter(s[i+1]) {
		i++
		for i < len(s) && isLetter(s[i]) {
			i++
		}
		if i < len(s) && s[i] == '(' {
			depth := 0
			for ; i < len(s); i++ {
				if s[i] == '(' {
					depth++
				} else if s[i] == ')' {
					depth--
					if depth == 0 {
						i++
						break
					}
				}
			}
		}
	}
	return i
}

func isOperator(w string) bool {
	switch w {
	case "+", "-", "+-", "±":
		return true
	}
	for _, r := range relations {
		if w == r {
			return true
		}
	}
	return false
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
func isAlnum(b byte) bool  { return isLetter(b) || b >= '0' && b <= '9' }

// shift moves a syntax error found in a part of the expression (at offset
// base of full) to the whole expression.
func shift(err error, full string, base int) error {
	if se, ok := err.(*notation.SyntaxError); ok {
		off := se.Offset
		if off >= 0 {
			off += base
		}
		return &notation.SyntaxError{What: "expression", Input: full, Offset: off, Msg: se.Msg, Err: se.Err}
	}
	return err
}
