package bridge

// Play is one player's move: the card put on the table and the card kept.
type Play struct {
	Position int  `json:"position"` // 1-based
	Team     Team `json:"team"`
	Played   int  `json:"played"`
	Kept     int  `json:"kept"`
}

// Line is an optimal line of play for one start, with its outcome.
type Line struct {
	Analysis
	Plays       []Play `json:"plays"`        // in order of play, from the leader
	HighPlayed  int    `json:"high_played"`  // the highest played card
	HighKept    int    `json:"high_kept"`    // the highest kept card
	PlayedPoint Team   `json:"played_point"` // the team that played HighPlayed
	KeptPoint   Team   `json:"kept_point"`   // the team that kept HighKept
}

// Line returns an optimal line of play when the player at 1-based position
// start leads, in O(n) time. The taking team follows the editorial's
// strategy, which guarantees it the second point (and W its first):
//
//   - a chain card m > 4n−k is played only if m−1 has been played;
//   - in case P1, 4n−k is played and 4n−k−1 kept;
//   - in case P2, 4n−k−1 is played only if 4n−k was not;
//   - a player whose higher card is none of these plays the lower card.
//
// The other team cannot change the outcome, so any of its moves is optimal;
// its players put down their lower card. Tests check every move of the line
// against exhaustive minimax.
func (d *Deal) Line(start int) Line {
	a := d.Analyze(start)
	n := d.N()
	b, top := 2*n, 4*n
	bottom := top - a.K // 4n−k
	played := make([]bool, top+2)
	l := Line{Analysis: a, Plays: make([]Play, 0, b)}
	for t := range b {
		p := (start - 1 + t) % b
		team := TeamOf(p + 1)
		h := d.hands[p]
		lo, hi := int(h[0]), int(h[1])
		playHi := false
		if team == a.Taker {
			switch {
			case hi > bottom:
				playHi = played[hi-1]
			case hi == bottom:
				playHi = true // P1: the taker holds 4n−k
			case hi == bottom-1:
				if a.Case == P1 {
					playHi = false
				} else {
					playHi = !played[bottom]
				}
			}
		}
		pl := Play{Position: p + 1, Team: team, Played: lo, Kept: hi}
		if playHi {
			pl.Played, pl.Kept = hi, lo
		}
		played[pl.Played] = true
		l.HighPlayed = max(l.HighPlayed, pl.Played)
		l.HighKept = max(l.HighKept, pl.Kept)
		l.Plays = append(l.Plays, pl)
	}
	l.PlayedPoint = d.teamOfCard(l.HighPlayed)
	l.KeptPoint = d.teamOfCard(l.HighKept)
	return l
}
