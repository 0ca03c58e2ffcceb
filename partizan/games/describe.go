package games

import (
	"fmt"
	"strings"
)

// describe says in words what a move of a ruleset did, from the position
// before and after (both in the ruleset's canonical syntax): "vertical
// domino on (1,2) (2,2)", "x (1,1) takes (1,2)". Cells are (row, column)
// from the top left, as CGSuite numbers grids; strips count cells from
// the left. It returns "" where it has no words (Hackenbush, graphs,
// cakes, Toppling Dominoes) or the two boards do not line up.
func describe(r *Ruleset, before, after string) string {
	switch r.Board {
	case "grid":
		return describeGrid(r.Name, before, after)
	case "strip":
		if r.Name == "toads-and-frogs" {
			return describeStrip(before, after)
		}
	}
	return ""
}

type cell struct{ r, c int }

func (c cell) String() string { return fmt.Sprintf("(%d,%d)", c.r+1, c.c+1) }

// changes lists the cells that differ, with their contents before and
// after; ok is false when the boards differ in shape.
func changes(before, after string) (cells []cell, was, is []byte, ok bool) {
	a, b := strings.Split(before, "|"), strings.Split(after, "|")
	if len(a) != len(b) {
		return nil, nil, nil, false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return nil, nil, nil, false
		}
		for j := 0; j < len(a[i]); j++ {
			if a[i][j] != b[i][j] {
				cells, was, is = append(cells, cell{i, j}), append(was, a[i][j]), append(is, b[i][j])
			}
		}
	}
	return cells, was, is, true
}

func describeGrid(name, before, after string) string {
	cells, was, is, ok := changes(before, after)
	if !ok {
		return ""
	}
	switch name {
	case "domineering", "cram":
		if len(cells) != 2 {
			return ""
		}
		dir := "horizontal"
		if cells[0].c == cells[1].c {
			dir = "vertical"
		}
		return fmt.Sprintf("%s domino on %s %s", dir, cells[0], cells[1])
	case "clobber":
		if len(cells) != 2 {
			return ""
		}
		from, to := 0, 1
		if is[0] != '.' {
			from, to = 1, 0
		}
		return fmt.Sprintf("%c %s takes %s", was[from], cells[from], cells[to])
	case "amazons":
		from, to, arrow := -1, -1, -1
		for i := range cells {
			switch {
			case (was[i] == 'x' || was[i] == 'o') && is[i] != was[i]:
				from = i
			case is[i] == 'x' || is[i] == 'o':
				to = i
			case is[i] == '#':
				arrow = i
			}
		}
		if from < 0 || to < 0 {
			return ""
		}
		shot := cells[from]
		if arrow >= 0 {
			shot = cells[arrow]
		}
		return fmt.Sprintf("%c %s to %s, arrow at %s", was[from], cells[from], cells[to], shot)
	case "konane":
		return describeJump(cells, was, is)
	}
	return ""
}

// describeJump says what a Konane move did: the stone that jumped, where
// it landed and how many stones it took.
func describeJump(cells []cell, was, is []byte) string {
	from, to, taken := -1, -1, 0
	for i := range cells {
		if was[i] == '.' && is[i] != '.' {
			to = i
		}
	}
	if to < 0 {
		return ""
	}
	mover := is[to]
	for i := range cells {
		switch {
		case was[i] == mover && is[i] == '.':
			from = i
		case was[i] != mover && was[i] != '.' && is[i] == '.':
			taken++
		}
	}
	if from < 0 || taken == 0 {
		return ""
	}
	if taken == 1 {
		return fmt.Sprintf("%c %s jumps to %s", mover, cells[from], cells[to])
	}
	return fmt.Sprintf("%c %s jumps to %s, taking %d", mover, cells[from], cells[to], taken)
}

func describeStrip(before, after string) string {
	if len(before) != len(after) {
		return ""
	}
	from, to := -1, -1
	for i := 0; i < len(before); i++ {
		switch {
		case before[i] != '.' && after[i] == '.':
			from = i
		case before[i] == '.' && after[i] != '.':
			to = i
		}
	}
	if from < 0 || to < 0 {
		return ""
	}
	piece := map[byte]string{'t': "toad", 'f': "frog"}[before[from]]
	verb := "slides"
	if to-from == 2 || from-to == 2 {
		verb = "jumps"
	}
	return fmt.Sprintf("%s %s from cell %d to %d", piece, verb, from+1, to+1)
}
