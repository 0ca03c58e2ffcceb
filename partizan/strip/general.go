package strip

import (
	"strings"

	"github.com/grundy/grundy/partizan"
)

// The rules on the string of a strip's cells, cell by cell: what strips
// of more than maxPacked cells are played with, and what the packed forms
// are tested against on every short strip.

// toadOptionsStr is ToadsAndFrogs.Options on the cells s.
func toadOptionsStr(s string, side partizan.Side, yield func(string) bool) {
	us, them, dir := byte('t'), byte('f'), 1
	if side == partizan.Right {
		us, them, dir = 'f', 't', -1
	}
	n := len(s)
	for i := range n {
		if s[i] != us {
			continue
		}
		j := i + dir
		if j >= 0 && j < n && s[j] == '.' {
			if !yield(movedStr(s, i, j, us)) {
				return
			}
			continue
		}
		k := j + dir
		if j >= 0 && j < n && s[j] == them && k >= 0 && k < n && s[k] == '.' {
			if !yield(movedStr(s, i, k, us)) {
				return
			}
		}
	}
}

func movedStr(s string, from, to int, piece byte) string {
	b := []byte(s)
	b[from], b[to] = '.', piece
	return string(b)
}

// frozen reports, for each cell of s, whether a piece stands there that
// can never move: the greatest set of pieces none of which could move
// were they all to stay where they are (then none ever moves). A toad can
// move once the cell to its right is, or may become, empty, or holds a
// frog with such a cell beyond; a frog alike to the left.
func frozen(s string) []bool {
	n := len(s)
	fz := make([]bool, n)
	for i := range n {
		fz[i] = s[i] != '.'
	}
	// open: cell i is empty or may become empty.
	open := func(i int) bool { return i >= 0 && i < n && !fz[i] }
	for changed := true; changed; {
		changed = false
		for i := range n {
			if !fz[i] {
				continue
			}
			dir, them := 1, byte('f')
			if s[i] == 'f' {
				dir, them = -1, 't'
			}
			j := i + dir
			if open(j) || (j >= 0 && j < n && s[j] == them && open(j+dir)) {
				fz[i] = false
				changed = true
			}
		}
	}
	return fz
}

// toadPartsStr is the parts of Split on the cells s: the cells between
// runs of two or more frozen pieces, those at the ends dropped, parts
// without a move left out.
func toadPartsStr(s string) []string {
	fz := frozen(s)
	n := len(s)
	// drop: a frozen cell in a run of two or more, or in a run at an end.
	drop := make([]bool, n)
	for i := 0; i < n; {
		if !fz[i] {
			i++
			continue
		}
		j := i
		for j < n && fz[j] {
			j++
		}
		if j-i >= 2 || i == 0 || j == n {
			for k := i; k < j; k++ {
				drop[k] = true
			}
		}
		i = j
	}
	var out []string
	for i := 0; i < n; {
		if drop[i] {
			i++
			continue
		}
		j := i
		for j < n && !drop[j] {
			j++
		}
		if part := s[i:j]; hasMove(part) {
			out = append(out, part)
		}
		i = j
	}
	return out
}

// hasMove reports whether some piece of s can move now.
func hasMove(s string) bool {
	for i := range len(s) {
		switch {
		case s[i] == 't' && i+1 < len(s) && (s[i+1] == '.' || s[i+1] == 'f' && i+2 < len(s) && s[i+2] == '.'):
			return true
		case s[i] == 'f' && i > 0 && (s[i-1] == '.' || s[i-1] == 't' && i > 1 && s[i-2] == '.'):
			return true
		}
	}
	return false
}

// toadKeyStr is the cells of Key before its symmetry: the one part of s
// ("" for none; s itself when it has several, which Split is asked about
// first).
func toadKeyStr(s string) string {
	switch parts := toadPartsStr(s); len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return s
}

// dominoOptionsStr is TopplingDominoes.Options on the cells s.
func dominoOptionsStr(s string, side partizan.Side, yield func(string) bool) {
	mine := byte('l')
	if side == partizan.Right {
		mine = 'r'
	}
	n := len(s)
	for i := range n {
		if c := s[i]; c != mine && c != 'e' {
			continue
		}
		lo, hi := i, i // the row of domino i is s[lo:hi+1]
		for lo > 0 && s[lo-1] != '.' {
			lo--
		}
		for hi+1 < n && s[hi+1] != '.' {
			hi++
		}
		if !yield(s[:lo] + strings.Repeat(".", i-lo+1) + s[i+1:]) {
			return
		}
		if !yield(s[:i] + strings.Repeat(".", hi-i+1) + s[hi+1:]) {
			return
		}
	}
}

// dominoRowsStr is the rows of s, the gaps between them dropped.
func dominoRowsStr(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == '.' })
}
