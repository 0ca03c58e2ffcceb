package rules

import (
	"errors"
	"fmt"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/notation"
)

// The notation of a rule file's positions in a session, as grundy writes
// them: for a heap game (heap = True) heap sizes separated by spaces;
// otherwise positions separated by "+", each read by the file's
// parse(text) (or ParseDefault) and written by its format(position) (or
// DefaultFormat). A position is split into its components as it is read.

// ParsePosition reads a position as its atomic components. Errors are
// *notation.SyntaxError values with the column in text, or the session's
// error (a limit) when a rule function failed.
func (s *Session) ParsePosition(text string) ([]Pos, error) {
	bad := func(off int, msg string) error {
		return &notation.SyntaxError{What: "position", Input: text, Offset: off, Msg: msg}
	}
	var roots []Pos
	if s.r.heap {
		hs, err := games.ParseHeaps(text)
		if err != nil {
			return nil, err
		}
		for _, h := range hs {
			p, err := s.Intern(starlark.MakeInt(h))
			if err != nil {
				return nil, bad(-1, err.Error())
			}
			roots = append(roots, p)
		}
	} else {
		parts, offs := splitSum(text)
		for i, part := range parts {
			trimmed := strings.TrimSpace(part)
			if trimmed == "" {
				return nil, bad(offs[i], "empty position (want a position, or positions separated by +)")
			}
			offs[i] += strings.Index(part, trimmed)
			p, err := s.Parse(trimmed)
			var pe *ParseError
			switch {
			case errors.As(err, &pe):
				off := -1
				if pe.Offset >= 0 {
					off = offs[i] + pe.Offset
				}
				return nil, bad(off, pe.Msg)
			case err != nil:
				return nil, err
			}
			roots = append(roots, p)
		}
	}
	var atoms []Pos
	for _, p := range roots {
		cs, err := s.SplitAll(p)
		if err != nil {
			return nil, err
		}
		atoms = append(atoms, cs...)
	}
	if s.r.heap {
		for _, a := range atoms {
			if n, ok := s.vals[a].(starlark.Int); !ok || n.Sign() < 0 {
				return nil, bad(-1, fmt.Sprintf("components(position) returned %s, which is not a heap size (an int ≥ 0), in a heap game", DefaultFormat(s.vals[a])))
			}
		}
	}
	return atoms, s.Err()
}

// FormatPosition writes a position given as its components.
func (s *Session) FormatPosition(atoms []Pos) string {
	var parts []string
	for _, a := range atoms {
		cs, _ := s.SplitAll(a)
		for _, c := range cs {
			parts = append(parts, s.Format(c))
		}
	}
	return strings.Join(parts, s.separator())
}

func (s *Session) separator() string {
	if s.r.heap {
		return " "
	}
	return " + "
}

// DescribeMove names the move of component i of atoms to the option to:
// "take 2 from heap 1" in a heap game, "component 2: a → b" in a sum of
// several, "" for a single position (its option says it all).
func (s *Session) DescribeMove(atoms []Pos, i int, to Pos) string {
	parts, _ := s.SplitAll(to)
	text := make([]string, len(parts))
	for j, p := range parts {
		text[j] = s.Format(p)
	}
	switch {
	case s.r.heap:
		from, _ := s.vals[atoms[i]].(starlark.Int).Int64()
		if len(parts) == 1 {
			if n, ok := s.vals[parts[0]].(starlark.Int).Int64(); ok && n < from {
				return fmt.Sprintf("take %d from heap %d", from-n, i+1)
			}
		}
		return fmt.Sprintf("heap %d: %d → %s", i+1, from, strings.Join(text, s.separator()))
	case len(atoms) > 1:
		return fmt.Sprintf("component %d: %s → %s", i+1, s.Format(atoms[i]), strings.Join(text, s.separator()))
	}
	return ""
}

// Heap returns the position of a single heap of size n (heap games).
func (s *Session) Heap(n int) (Pos, error) { return s.Intern(starlark.MakeInt(n)) }

// HeapOptions yields the options of a single heap of size n of a heap
// game, each as the heap sizes of its components: the rules of single heaps
// that misère quotients read.
func (s *Session) HeapOptions(n int, yield func([]int) bool) error {
	p, err := s.Heap(n)
	if err != nil {
		return err
	}
	var parts []int
	var bad error
	s.Moves(p, func(q Pos) bool {
		cs, err := s.SplitAll(q)
		if err != nil {
			bad = err
			return false
		}
		parts = parts[:0]
		for _, c := range cs {
			v, ok := s.vals[c].(starlark.Int)
			k, exact := v.Int64()
			if !ok || !exact || k < 0 {
				bad = &RuleError{File: s.r.file, Func: "moves", Msg: fmt.Sprintf("heap %d has an option with the part %s, which is not a heap size", n, DefaultFormat(s.vals[c]))}
				return false
			}
			parts = append(parts, int(k))
		}
		return yield(parts)
	})
	if bad != nil {
		return bad
	}
	return s.Err()
}

// splitSum splits text at the + signs outside quotes and brackets, and
// returns each part with its byte offset.
func splitSum(text string) ([]string, []int) {
	var parts []string
	var offs []int
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == '+' && depth == 0:
			parts, offs = append(parts, text[start:i]), append(offs, start)
			start = i + 1
		}
	}
	return append(parts, text[start:]), append(offs, start)
}
