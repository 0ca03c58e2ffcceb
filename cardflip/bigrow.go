package cardflip

// Rows of more than flatMax cards. A flat row shifts every card between
// the old and the new place of the card moved, and the strategies move
// cards across whole segments (a split files a card next to the pivot, a
// comb puts it next to its label), so a game of m cards costs Θ(m²) cell
// moves: seconds a game at m = 10^4. A bigRow is a list of blocks of at most
// 2·bigBlock cells with a Fenwick tree over their sizes: the cell at
// position i, the position of a card and a move each cost O(bigBlock +
// log m). Both the hidden numbers and the visible row live in it (the
// engine's eyes and the View's).

// flatMax is the largest m played on a flat row of 16-bit cells.
const flatMax = 1<<9 - 1

// bigBlock is the nominal number of cells of a block (a block is split
// when it reaches twice as many).
const bigBlock = 128

type bigRow struct {
	m    int
	bs   int // the nominal block size: bigBlock (smaller in tests)
	blks []*rowBlock
	// fen is the Fenwick tree over the block sizes: fen[i] (1-based) sums
	// the sizes of the blocks i−(i&−i) .. i−1.
	fen []int32
	top int // the largest power of two ≤ len(blks)
	// of[x] is the block holding card x.
	of []*rowBlock
	// spare blocks for the next game (reset reuses them).
	pool []*rowBlock
}

type rowBlock struct {
	j    int      // index in blks
	num  []uint32 // the hidden numbers
	vis  []uint32 // the visible row: the number if face up, else 0
	down int      // face-down cells
}

func newBigRow(m, bs int) *bigRow {
	return &bigRow{m: m, bs: bs, of: make([]*rowBlock, m+1)}
}

func (r *bigRow) newBlock() *rowBlock {
	if n := len(r.pool); n > 0 {
		b := r.pool[n-1]
		r.pool = r.pool[:n-1]
		b.num, b.vis, b.down = b.num[:0], b.vis[:0], 0
		return b
	}
	return &rowBlock{num: make([]uint32, 0, 2*r.bs+1), vis: make([]uint32, 0, 2*r.bs+1)}
}

// load lays out the cells: num[i] the number at i, vis[i] its visible face
// (0 face down), in blocks of bs cells.
func (r *bigRow) load(num func(i int) uint32, vis func(i int) uint32) {
	r.pool = append(r.pool, r.blks...)
	r.blks = r.blks[:0]
	for lo := 0; lo < r.m; lo += r.bs {
		b := r.newBlock()
		for i := lo; i < min(lo+r.bs, r.m); i++ {
			x, y := num(i), vis(i)
			b.num = append(b.num, x)
			b.vis = append(b.vis, y)
			if y == 0 {
				b.down++
			}
			r.of[x] = b
		}
		r.blks = append(r.blks, b)
	}
	r.reindex(0)
}

// reindex numbers the blocks from j on and rebuilds the Fenwick tree.
func (r *bigRow) reindex(j int) {
	for ; j < len(r.blks); j++ {
		r.blks[j].j = j
	}
	n := len(r.blks)
	if cap(r.fen) < n+1 {
		r.fen = make([]int32, n+1, 2*n+2)
	}
	r.fen = r.fen[:n+1]
	r.fen[0] = 0
	for i, b := range r.blks {
		r.fen[i+1] = int32(len(b.num))
	}
	for i := 1; i <= n; i++ {
		if p := i + i&-i; p <= n {
			r.fen[p] += r.fen[i]
		}
	}
	r.top = 1
	for r.top*2 <= n {
		r.top *= 2
	}
}

func (r *bigRow) add(j int, d int32) {
	for i := j + 1; i < len(r.fen); i += i & -i {
		r.fen[i] += d
	}
}

// before is the number of cells in the blocks before block j.
func (r *bigRow) before(j int) int {
	s := int32(0)
	for i := j; i > 0; i -= i & -i {
		s += r.fen[i]
	}
	return int(s)
}

// locate returns the block holding position i (0 ≤ i < the number of
// cells) and the offset of i in it.
func (r *bigRow) locate(i int) (*rowBlock, int) {
	j, rem := 0, int32(i)
	for step := r.top; step > 0; step >>= 1 {
		if p := j + step; p < len(r.fen) && r.fen[p] <= rem {
			j = p
			rem -= r.fen[p]
		}
	}
	return r.blks[j], int(rem)
}

// cell and hidden are not inlined, so that View.cell and Game.hidden,
// which call them for rows of more than flatMax cards, stay cheap enough
// to be inlined into the engine's loop for the flat rows.
//
//go:noinline
func (r *bigRow) cell(i int) int {
	b, o := r.locate(i)
	return int(b.vis[o])
}

//go:noinline
func (r *bigRow) hidden(i int) int {
	b, o := r.locate(i)
	return int(b.num[o])
}

// find is the position of card x.
func (r *bigRow) find(x int) int {
	b := r.of[x]
	for o, y := range b.num {
		if int(y) == x {
			return r.before(b.j) + o
		}
	}
	panic("cardflip: bigRow: a card is not in its block")
}

// firstDown is the first face-down position in [lo, hi), or -1
// (0 ≤ lo < hi ≤ m).
func (r *bigRow) firstDown(lo, hi int) int {
	b, o := r.locate(lo)
	pos := lo - o // the position of the block's first cell
	for j := b.j; pos < hi; j++ {
		b := r.blks[j]
		if b.down > 0 {
			for ; o < len(b.vis) && pos+o < hi; o++ {
				if b.vis[o] == 0 {
					return pos + o
				}
			}
		}
		pos += len(b.vis)
		o = 0
	}
	return -1
}

// move takes the card at pos out, and inserts it at to of the row without
// it, face up (showing its number) if up.
func (r *bigRow) move(pos, to int, up bool) {
	b, o := r.locate(pos)
	x, y := b.num[o], b.vis[o]
	b.num = append(b.num[:o], b.num[o+1:]...)
	b.vis = append(b.vis[:o], b.vis[o+1:]...)
	if y == 0 {
		b.down--
	}
	r.add(b.j, -1)
	y = 0
	if up {
		y = x
	}
	var c *rowBlock
	if to == r.m-1 {
		// The far right: after the last cell of the row without the card.
		c = r.blks[len(r.blks)-1]
		o = len(c.num)
	} else {
		c, o = r.locate(to)
	}
	c.num = append(c.num, 0)
	copy(c.num[o+1:], c.num[o:])
	c.num[o] = x
	c.vis = append(c.vis, 0)
	copy(c.vis[o+1:], c.vis[o:])
	c.vis[o] = y
	if y == 0 {
		c.down++
	}
	r.of[x] = c
	r.add(c.j, 1)
	if len(c.num) >= 2*r.bs {
		r.split(c)
	}
}

// split moves the upper half of block b into a new block after it; when
// the row has many more blocks than it needs (emptied ones), it is laid
// out again instead.
func (r *bigRow) split(b *rowBlock) {
	if len(r.blks) > 4*(r.m/r.bs+1) {
		num, vis := r.flat()
		r.load(func(i int) uint32 { return num[i] }, func(i int) uint32 { return vis[i] })
		return
	}
	h := len(b.num) / 2
	c := r.newBlock()
	c.num = append(c.num, b.num[h:]...)
	c.vis = append(c.vis, b.vis[h:]...)
	for i, x := range c.num {
		r.of[x] = c
		if c.vis[i] == 0 {
			c.down++
		}
	}
	b.down -= c.down
	b.num, b.vis = b.num[:h], b.vis[:h]
	r.blks = append(r.blks, nil)
	copy(r.blks[b.j+2:], r.blks[b.j+1:])
	r.blks[b.j+1] = c
	r.reindex(b.j + 1)
}

// flat is the row as two slices: the numbers and the visible faces.
func (r *bigRow) flat() (num, vis []uint32) {
	num, vis = make([]uint32, 0, r.m), make([]uint32, 0, r.m)
	for _, b := range r.blks {
		num = append(num, b.num...)
		vis = append(vis, b.vis...)
	}
	return num, vis
}

// permute moves the card at order[j] to j (a checked permutation).
func (r *bigRow) permute(order []int) {
	num, vis := r.flat()
	r.load(func(i int) uint32 { return num[order[i]] }, func(i int) uint32 { return vis[order[i]] })
}

// appendVisible appends the visible row to dst.
func (r *bigRow) appendVisible(dst []int) []int {
	for _, b := range r.blks {
		for _, y := range b.vis {
			dst = append(dst, int(y))
		}
	}
	return dst
}
