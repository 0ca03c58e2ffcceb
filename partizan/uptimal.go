package partizan

import "slices"

// Uptimal is an uptimal expansion x.d₁d₂…dₙ (+ *m): the game
// x + d₁·↑ + d₂·↑² + … + dₙ·↑ⁿ + *m, where ↑ⁿ = {0 | ↓^[n-1]*} is Conway's
// n-th power of up and ↑^[n] = ↑ + ↑² + … + ↑ⁿ = {↑^[n-1] | *} (Siegel
// II.4 and II.7; CGSuite's UptimalExpansion). Coef[i] is d_{i+1}; the last
// coefficient is not zero.
type Uptimal struct {
	X    Dyadic
	Nim  uint64
	Coef []int64
}

// isUnit: a single coefficient ±1 (↑ⁿ or ↓ⁿ, written ^<n>, v<n>).
func (u Uptimal) isUnit() bool {
	found := false
	for _, d := range u.Coef {
		if d != 0 {
			if found || d > 1 || d < -1 {
				return false
			}
			found = true
		}
	}
	return true
}

// isUnitSum: every coefficient the same ±1 (↑^[n], written ^[n], v[n]).
func (u Uptimal) isUnitSum() bool {
	if len(u.Coef) == 0 {
		return true
	}
	if d := u.Coef[0]; d != 1 && d != -1 {
		return false
	}
	for _, d := range u.Coef {
		if d != u.Coef[0] {
			return false
		}
	}
	return true
}

func (u Uptimal) neg() Uptimal {
	v := Uptimal{X: u.X.Neg(), Nim: u.Nim, Coef: make([]int64, len(u.Coef))}
	for i, d := range u.Coef {
		v.Coef[i] = -d
	}
	return v
}

// increment adds ↑^[n] + * (one to each of the first n coefficients).
func (u Uptimal) increment(n int) Uptimal {
	v := Uptimal{X: u.X, Nim: u.Nim ^ 1, Coef: make([]int64, max(n, len(u.Coef)))}
	copy(v.Coef, u.Coef)
	for i := 0; i < n; i++ {
		v.Coef[i]++
	}
	for len(v.Coef) > 0 && v.Coef[len(v.Coef)-1] == 0 {
		v.Coef = v.Coef[:len(v.Coef)-1]
	}
	return v
}

func (u Uptimal) cmp(v Uptimal) int {
	if c := u.X.Cmp(v.X); c != 0 {
		return c
	}
	for i := 0; i < len(u.Coef) && i < len(v.Coef); i++ {
		if u.Coef[i] != v.Coef[i] {
			if u.Coef[i] < v.Coef[i] {
				return -1
			}
			return 1
		}
	}
	if len(u.Coef) != len(v.Coef) {
		if len(u.Coef) < len(v.Coef) {
			return -1
		}
		return 1
	}
	switch {
	case u.Nim < v.Nim:
		return -1
	case u.Nim > v.Nim:
		return 1
	}
	return 0
}

// upPower returns ↑ⁿ (n ≥ 1).
func (c *Calc) upPower(n int) gid {
	if n == 1 {
		return c.s.nusID(c, Dyadic{}, 1, 0)
	}
	// ↑ⁿ = {0 | * - ↑^[n-1]}
	r := c.add(c.s.nusID(c, Dyadic{}, 0, 1), c.neg(c.upSum(n-1)))
	return c.construct([]gid{0}, []gid{r})
}

// upSum returns ↑^[n] = {↑^[n-1] | *}, ↑^[0] = 0 (kept in the store).
func (c *Calc) upSum(n int) gid {
	if n < len(c.s.upSums) {
		return c.s.upSums[n]
	}
	if len(c.s.upSums) == 0 {
		c.s.upSums = []gid{0}
	}
	star := c.s.nusID(c, Dyadic{}, 0, 1)
	for i := len(c.s.upSums); i <= n; i++ {
		c.s.upSums = append(c.s.upSums, c.construct([]gid{c.s.upSums[i-1]}, []gid{star}))
	}
	return c.s.upSums[n]
}

// uptimal returns id's uptimal expansion, if it has one. Every expansion it
// returns is checked by making its game, so a wrong guess can only miss.
// The guesses follow the structure of uptimals (Siegel II.7; CGSuite's
// UptimalExpansion): an uptimal G whose last coefficient is positive has
// one Right option G^R, itself uptimal, and G = G^R + ↑^[n] + * for n the
// length of G^R or one more than the longest expansion among G, G^R and
// G's Left options; a negative last coefficient is the mirror image.
func (c *Calc) uptimal(id gid, memo map[gid]*Uptimal) (Uptimal, bool) {
	if x, k, m, ok := c.nus(id); ok {
		u := Uptimal{X: x, Nim: m}
		if k != 0 {
			u.Coef = []int64{k}
		}
		return u, true
	}
	if u, ok := memo[id]; ok {
		if u == nil {
			return Uptimal{}, false
		}
		return *u, true
	}
	memo[id] = nil
	u, ok := c.uptimalSide(id, memo)
	if !ok {
		var v Uptimal
		if v, ok = c.uptimalSide(c.neg(id), memo); ok {
			u = v.neg()
		}
	}
	if ok {
		memo[id] = &u
	}
	return u, ok
}

func (c *Calc) uptimalSide(id gid, memo map[gid]*Uptimal) (Uptimal, bool) {
	ro := c.opts(id, Right)
	if len(ro) != 1 {
		return Uptimal{}, false
	}
	r, ok := c.uptimal(ro[0], memo)
	if !ok {
		return Uptimal{}, false
	}
	longest := len(r.Coef)
	for _, l := range c.opts(id, Left) {
		u, ok := c.uptimal(l, memo)
		if !ok || !u.X.Equal(r.X) {
			return Uptimal{}, false
		}
		longest = max(longest, len(u.Coef))
	}
	// the lengths n of the ↑^[n] that G may add to G^R (and a star)
	var ns []int
	if n := len(r.Coef); n > 0 && r.Coef[n-1] > 0 {
		ns = append(ns, n)
	}
	ns = append(ns, longest+1)
	star := c.s.nusID(c, Dyadic{}, 0, 1)
	for _, n := range ns {
		u := r.increment(n)
		if len(u.Coef) == 0 || u.Coef[len(u.Coef)-1] <= 0 {
			continue
		}
		// r is G^R's expansion, so one sum checks the guess
		if c.add(ro[0], c.add(c.upSum(n), star)) == id {
			return u, true
		}
	}
	return Uptimal{}, false
}

// UptimalOf returns g's uptimal expansion, when g is an uptimal: a number
// plus a finite sum of multiples of the powers of up, plus a nimber.
func (c *Calc) UptimalOf(g Game) (u Uptimal, ok bool, err error) {
	err = c.run(func() { u, ok = c.uptimal(c.own(g), map[gid]*Uptimal{}) })
	u.Coef = slices.Clone(u.Coef)
	return u, ok, err
}
