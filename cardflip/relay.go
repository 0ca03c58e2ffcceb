package cardflip

// Relay is our strategy for a few players who remember their own turns
// (n ≥ 1, any model): the seed's interval strategy, where each player owns
// a block of positions and reads its own cards, plus a pointer on the
// table that hands the next card to whoever plays next.
//
// Cards move only within their block, so block boundaries never change
// and each owner can keep track of its cards. A card turned up goes to
// the end of its block, except that its owner, when it knows where the
// following card lies in the same block, puts it just before that card:
// then the largest face-up card k is followed, in its block, by a
// face-down card, which is k+1. A turn:
//
//  1. a pointer (k followed by a face-down card of its block): turn that
//     card up;
//  2. else, if the player has seen k+1 in its block: turn it up;
//  3. else read the first card of its block it has not seen (turn it up
//     if it is k+1, else put it back where it was);
//  4. else (nothing to do) look at a face-down card and put it back.
//
// Only two kinds of move touch a block: its owner's, and a turn-up through
// the owner's pointer (the card, which the owner has seen, goes from just
// after k to the block's end), which the owner replays on its next turn.
// With n = 1 this is the single player (2m − H_m); for n ≥ 2 the pointer
// saves the turns the interval strategy loses waiting for the owner of
// the next card. With blocks of fewer than 2.5 cards on average (2m < 5n)
// a player often has nothing to do, and then interval, whose idle players
// look at the others' cards and turn up the next one where it lies, is
// better (measured, 200000 games each, for n = 2, 3, 4 and m = 5..14):
// relay plays interval there.
func Relay() Strategy { return relay{} }

type relay struct{}

func (relay) Info() Info {
	return Info{Name: "relay", Model: TableOnly, Memory: true,
		Summary: "interval, and the owner of the next card points at the one after it (n ≥ 1, memory)"}
}

func (relay) NewPlayer(seat Seat) Player {
	n := seat.Players
	if n < 1 {
		n = 1
	}
	return &relayPlayer{id: max(seat.ID, 0), n: n}
}

type relayPlayer struct {
	// small: 2m < 5n, the interval strategy plays.
	small  *intervalPlayer
	id, n  int
	lo, hi int
	// cells is the player's block as it remembers it: the number of each
	// card it has seen, 0 unseen, and whether it is face up.
	cells []int
	up    []bool
	ready bool
}

// blockOf is the block [lo, hi) holding position i.
func (p *relayPlayer) blockOf(m, i int) (lo, hi int) {
	j := i * p.n / m
	for j*m/p.n > i {
		j--
	}
	for (j+1)*m/p.n <= i {
		j++
	}
	return j * m / p.n, (j + 1) * m / p.n
}

// sync replays on the player's memory the moves others made in its block
// since its last turn: a card it knows turned up and moved to the end.
func (p *relayPlayer) sync(t *Turn) {
	if !p.ready {
		m := t.Len()
		p.lo, p.hi = p.id*m/p.n, (p.id+1)*m/p.n
		p.cells = make([]int, p.hi-p.lo)
		p.up = make([]bool, p.hi-p.lo)
		p.ready = true
	}
	for i := p.lo; i < p.hi; i++ {
		x := t.cell(i)
		if x == 0 || p.up[i-p.lo] && p.cells[i-p.lo] == x {
			continue
		}
		// Card x turned up by another player: it lay where the memory
		// has it and went to the block's end.
		for j, y := range p.cells {
			if y == x && !p.up[j] {
				p.move(p.lo+j, p.hi-1, true)
				break
			}
		}
	}
}

// move replays the move of the card at pos to index to (both in the block).
func (p *relayPlayer) move(pos, to int, up bool) {
	a, b := pos-p.lo, to-p.lo
	x := p.cells[a]
	if b > a {
		copy(p.cells[a:b], p.cells[a+1:b+1])
		copy(p.up[a:b], p.up[a+1:b+1])
	} else if b < a {
		copy(p.cells[b+1:a+1], p.cells[b:a])
		copy(p.up[b+1:a+1], p.up[b:a])
	}
	p.cells[b], p.up[b] = x, up
}

// where is the position of the face-down card x of the block, if seen.
func (p *relayPlayer) where(x int) int {
	for j, y := range p.cells {
		if y == x && !p.up[j] {
			return p.lo + j
		}
	}
	return -1
}

func (p *relayPlayer) Look(t *Turn) int {
	if !p.ready && 2*t.Len() < 5*p.n {
		p.small, p.ready = &intervalPlayer{id: p.id, n: p.n}, true
	}
	if p.small != nil {
		return p.small.Look(t)
	}
	p.sync(t)
	m, k := t.Len(), t.K()
	if k > 0 {
		q := t.Find(k)
		if _, hi := p.blockOf(m, q); q+1 < hi && t.cell(q+1) == 0 {
			return q + 1 // the pointer
		}
	}
	if i := p.where(k + 1); i >= 0 {
		return i
	}
	for j, y := range p.cells {
		if y == 0 && t.cell(p.lo+j) == 0 {
			return p.lo + j
		}
	}
	if i := t.FirstDown(p.lo, p.hi); i >= 0 {
		return i
	}
	return t.FirstDown(0, m)
}

func (p *relayPlayer) Place(t *Turn, pos, x int) Move {
	if p.small != nil {
		return p.small.Place(t, pos, x)
	}
	m, k := t.Len(), t.K()
	mine := p.lo <= pos && pos < p.hi
	if mine {
		p.cells[pos-p.lo] = x
	}
	if x != k+1 {
		return Move{To: pos}
	}
	_, hi := p.blockOf(m, pos)
	// A card read by a player who does not own it (step 4) goes back: a
	// move its owner has not foreseen would spoil the owner's memory.
	if !mine && !(k > 0 && pos == t.Find(k)+1) {
		return Move{To: pos}
	}
	to := hi - 1
	if mine {
		if i := p.where(k + 2); i >= 0 {
			to = i
			if pos < i {
				to = i - 1
			}
		}
		p.move(pos, to, true)
	}
	return Move{Up: true, To: to}
}
