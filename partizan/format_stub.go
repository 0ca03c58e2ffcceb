package partizan

import "strings"

// Format writes g (a first version: braces and number-up-stars).
func Format(g Game) string {
	var b strings.Builder
	formatTo(&b, g, true)
	return b.String()
}

func formatTo(b *strings.Builder, g Game, top bool) {
	if x, k, m, ok := g.NUSParts(); ok {
		if !x.IsZero() || (k == 0 && m == 0) {
			b.WriteString(x.String())
		}
		switch {
		case k == 1:
			b.WriteString("^")
		case k == -1:
			b.WriteString("v")
		case k == 2:
			b.WriteString("^^")
		case k == -2:
			b.WriteString("vv")
		case k > 0:
			b.WriteString("^" + Int(k).String())
		case k < 0:
			b.WriteString("v" + Int(-k).String())
		}
		if m == 1 {
			b.WriteString("*")
		} else if m > 1 {
			b.WriteString("*" + Int(int64(m)).String())
		}
		return
	}
	b.WriteString("{")
	for i, o := range g.LeftOptions() {
		if i > 0 {
			b.WriteString(",")
		}
		formatTo(b, o, false)
	}
	b.WriteString("|")
	for i, o := range g.RightOptions() {
		if i > 0 {
			b.WriteString(",")
		}
		formatTo(b, o, false)
	}
	b.WriteString("}")
}
