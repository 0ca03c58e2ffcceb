package bridge

import "sort"

// Case says which of the editorial's two cases decides the second point.
type Case uint8

const (
	// P1: card 4n−k−1 is held by the same team as 4n−k (the alternation of
	// teams stops there).
	P1 Case = 1
	// P2: card 4n−k−1 is held by the other team (the alternation goes on)
	// but its holder plays after the holder of 4n−k.
	P2 Case = 2
)

// MarshalText encodes the case as "P1" or "P2".
func (c Case) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

func (c Case) String() string {
	if c == P1 {
		return "P1"
	}
	return "P2"
}

// Analysis is the editorial's characterization of optimal play for one
// start.
type Analysis struct {
	Start  int  `json:"start"`  // 1-based position of the leader
	Winner Team `json:"winner"` // W, the team holding 4n: it scores at least one point
	// K is the chain length k for this start: the longest run of cards
	// 4n, 4n−1, …, 4n−k alternating between W and the other team whose
	// holders play in increasing order of the cards.
	K int `json:"k"`
	// KStar is k*, the chain length when the player after the holder of 4n
	// leads (the longest over all starts).
	KStar int `json:"k_star"`
	// Alternation is the longest run 4n, 4n−1, …, 4n−j alternating between
	// the teams, whatever the order of play (K ≤ KStar ≤ Alternation).
	Alternation int  `json:"alternation"`
	Case        Case `json:"case"`   // P1 when K == Alternation, else P2
	Taker       Team `json:"taker"`  // the team holding 4n−k−1: it takes the second point
	Points      int  `json:"points"` // A's points under optimal play
}

// chain is the start-independent part of the characterization.
type chain struct {
	b      int   // 2n
	h0     int   // 0-based holder of 4n
	w      Team  // team of h0
	alt    int   // the alternation length (capped at 4n−1)
	dist   []int // dist[j] = D_j: backward distance from h0 to the holder of 4n−j; dist[j] ≤ 2n−1 for j ≤ kstar
	kstar  int
	points [2]int // A's points when the taker is P, A
}

func (d *Deal) chain() *chain {
	n := d.N()
	b, top := 2*n, 4*n
	c := &chain{b: b, h0: int(d.holder[top])}
	c.w = TeamOf(c.h0 + 1)
	// Alternation: card 4n−j is held by W for even j, by the other team for odd j.
	for c.alt < top-1 {
		want := c.w
		if (c.alt+1)%2 == 1 {
			want = c.w.Other()
		}
		if d.teamOfCard(top-c.alt-1) != want {
			break
		}
		c.alt++
	}
	// Holders of the chain cards walk backwards from h0; D_j must stay ≤ 2n−1.
	c.dist = append(c.dist, 0)
	for j := 0; j < c.alt; j++ {
		step := (int(d.holder[top-j]) - int(d.holder[top-j-1]) + b) % b
		next := c.dist[j] + step
		if next > b-1 {
			break
		}
		c.dist = append(c.dist, next)
	}
	c.kstar = len(c.dist) - 1
	for taker := range c.points {
		v := 0
		if c.w == TeamA {
			v++
		}
		if Team(taker) == TeamA {
			v++
		}
		c.points[taker] = v
	}
	return c
}

// taker returns the taking team when the chain has length k.
func (c *chain) taker(k int) Team {
	// Card 4n−k−1 continues the alternation (k < alt) or repeats the team of
	// 4n−k (k == alt).
	var wins bool
	if k < c.alt {
		wins = (k+1)%2 == 0
	} else {
		wins = k%2 == 0
	}
	if wins {
		return c.w
	}
	return c.w.Other()
}

// Analyze returns the characterization of optimal play when the player at
// 1-based position start leads. It takes O(n) time.
func (d *Deal) Analyze(start int) Analysis {
	c := d.chain()
	m := ((c.h0-(start-1))%c.b + c.b) % c.b // players who move before the holder of 4n
	// k = the largest k ≤ k* with D_k ≤ m.
	k := sort.Search(len(c.dist), func(j int) bool { return c.dist[j] > m }) - 1
	a := Analysis{Start: start, Winner: c.w, K: k, KStar: c.kstar, Alternation: c.alt, Case: P2, Taker: c.taker(k)}
	if k == c.alt {
		a.Case = P1
	}
	a.Points = c.points[a.Taker]
	return a
}

// Sequence returns seq[1..2n] (as seq[0..2n−1]): A's points under optimal
// play for each start, by the editorial's characterization, in O(n) time.
// Moving the start backwards from just after the holder of 4n, the chain
// shrinks by one card each time the start passes the holder of a chain card.
func (d *Deal) Sequence() []int {
	c := d.chain()
	seq := make([]int, c.b)
	k := 0
	for m := 0; m < c.b; m++ {
		for k < c.kstar && c.dist[k+1] <= m {
			k++
		}
		s := ((c.h0-m)%c.b + c.b) % c.b
		seq[s] = c.points[c.taker(k)]
	}
	return seq
}
