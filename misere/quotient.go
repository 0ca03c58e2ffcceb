package misere

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/impartial"
)

// Quotient is the misère quotient of a heap game for the sums of heaps of
// at most Heaps() tokens, or of every size when Status() is Proved: a
// finite commutative monoid Q, the pretending function Φ mapping each heap
// to an element of Q (a sum maps to the product), and the P-portion: a sum
// is a misère P-position exactly when its image is in the P-portion
// (Plambeck 2005; Plambeck–Siegel 2008).
//
// Elements are numbered 0..Size()−1 (0 is the identity, the image of the
// empty sum) and named by their normal forms in the generators a, b, c, …
// (see Elements). A Quotient is immutable and safe for concurrent use.
type Quotient struct {
	rules HeapRules
	q     *cayley
	isP   []bool
	lt    []int32     // the letter of each heap 0..to (−1: image 1)
	phi   []int32     // images of the heaps 0..to
	trans [][][]int32 // images of the options of the heaps 0..to, as words
	to    int
	// computed is the last heap computed (to, or less when proved).
	computed int
	gens     []int // the heaps that are generators
	words    [][]int32
	names    []string
	period   Period
	grew     []int
	budget   impartial.Budget
	stop     *Stop
	work     int64
}

// Status values of a quotient.
const (
	// Proved: the periodicity theorem certifies the quotient and the
	// pretending function for every heap size.
	Proved = "proved"
	// Computed: exact for the heaps computed; nothing is claimed beyond.
	Computed = "computed"
	// Stopped: a limit stopped the computation; the quotient is exact for
	// the heaps computed, and Stop says what stopped it.
	Stopped = "stopped"
)

// Stop says what stopped a computation: the heap it was adding, the order
// of the quotient of the heaps below it, the largest candidate built for
// it (0: none) and the limit, in words.
type Stop struct {
	Heap      int    `json:"heap"`
	Size      int    `json:"size"`
	Candidate int    `json:"candidate,omitempty"`
	Reason    string `json:"reason"`
}

// Period describes the periodicity of the pretending function: Φ(n + p) =
// Φ(n) for n ≥ Preperiod, with Status "proved", "observed" (seen in the
// heaps computed, not proved) or "none". Criterion states the test applied
// with its numbers; Need is the last heap the periodicity theorem needs
// to prove the period observed (0 when it does not apply).
type Period struct {
	Preperiod int    `json:"preperiod"`
	Period    int    `json:"period"`
	Status    string `json:"status"`
	Criterion string `json:"criterion"`
	Need      int    `json:"need,omitempty"`
}

// Compute returns the misère quotient of the heaps 0..to of a heap game,
// computed heap by heap. When the rules implement PeriodBounder and the
// pretending function is proved periodic at some heap n ≤ to, the
// computation stops there: the quotient is then that of all heaps, and Φ
// is extended to to by the period.
//
// A limit that stops the computation (the memory budget, Settings.MaxSize,
// the budget's positions or moves, ctx) is a *StopError, returned with the
// quotient of the heaps computed before it (exact as far as it goes,
// Status() Stopped). Rules whose moves do not shrink heaps are an
// *OptionError.
func Compute(ctx context.Context, rules HeapRules, to int, settings Settings) (*Quotient, error) {
	if to < 0 {
		return nil, fmt.Errorf("heaps must be at least 0, not %d", to)
	}
	return run(ctx, rules, to, false, settings)
}

// Extend adds heaps until the periodicity theorem proves the quotient for
// every heap size (Status() Proved), or a limit stops it (a *StopError,
// with the quotient reached). The rules must be a PeriodBounder: for other
// rules no number of heaps proves anything (an *UnprovableError).
// Settings.MaxHeaps bounds the heaps added (a *StopError past it).
func Extend(ctx context.Context, rules HeapRules, settings Settings) (*Quotient, error) {
	if !Provable(rules) {
		return nil, &UnprovableError{}
	}
	to := settings.MaxHeaps
	if to <= 0 {
		to = DefaultMaxHeaps
	}
	return run(ctx, rules, to, true, settings)
}

// DefaultHeaps is the largest heap QuotientOf computes, when none is
// given, for rules without a periodicity theorem (Extend cannot prove
// theirs).
const DefaultHeaps = 20

// QuotientOf returns the misère quotient of a heap game's rules: of the
// heaps 0..heaps (Compute) or, when heaps < 0, until the periodicity
// theorem proves it (Extend) for rules that have one, and of the heaps
// 0..DefaultHeaps for others. Errors are Compute's and Extend's.
func QuotientOf(ctx context.Context, rules HeapRules, heaps int, settings Settings) (*Quotient, error) {
	switch {
	case heaps >= 0:
		return Compute(ctx, rules, heaps, settings)
	case Provable(rules):
		return Extend(ctx, rules, settings)
	}
	return Compute(ctx, rules, DefaultHeaps, settings)
}

// Answering returns a quotient that answers every sum of heaps of at most
// top: for rules with a periodicity theorem, Extend until the theorem proves
// the quotient or heap top is reached, whichever comes first (a quotient
// proved early also answers heaps beyond top; one computed to top answers
// exactly the heaps 0..top, the closed set of a sum's heaps, so a sum of
// small heaps never waits for a proof that may lie hundreds of heaps away,
// or never come: Dawson's Kayles' quotient still grows at heap 34); for
// other rules, Compute to top. Settings.MaxHeaps below top stops it as
// Extend does.
func Answering(ctx context.Context, rules HeapRules, top int, settings Settings) (*Quotient, error) {
	if !Provable(rules) {
		return Compute(ctx, rules, top, settings)
	}
	to := top
	if settings.MaxHeaps > 0 && settings.MaxHeaps < to {
		to = settings.MaxHeaps
	}
	if to > DefaultMaxHeaps && settings.MaxHeaps <= 0 {
		to = DefaultMaxHeaps
	}
	q, err := run(ctx, rules, to, true, settings)
	if err != nil && q != nil && to == top && impartial.LimitOf(err) == impartial.LimitHeaps && q.Heaps() >= top {
		// Reached top unproved: the quotient of the heaps 0..top, computed
		// (not stopped: nothing it was asked is missing).
		q.stop = nil
		return q, nil
	}
	return q, err
}

// Provable reports whether the periodicity theorem applies to the rules.
func Provable(rules HeapRules) bool {
	pb, ok := rules.(PeriodBounder)
	return ok && pb.PeriodBound(0, 1) >= 0
}

// UnprovableError reports Extend on rules without a periodicity theorem.
type UnprovableError struct{}

func (e *UnprovableError) Error() string {
	return "no periodicity theorem applies to these rules, so no number of heaps proves their quotient: it can only be computed to a given heap"
}

// heapLimitError is the stop of Extend at Settings.MaxHeaps unproved: a
// *impartial.BudgetError of LimitHeaps.
func heapLimitError(max int) error {
	return &impartial.BudgetError{Limit: impartial.LimitHeaps, Max: int64(max),
		Words: fmt.Sprintf("heap limit reached: the quotient is not proved by heap %d", max)}
}

func run(ctx context.Context, rules HeapRules, to int, extend bool, s Settings) (*Quotient, error) {
	b := newBuilder(rules, s)
	pb, _ := rules.(PeriodBounder)
	var ck *ckpt
	if s.Checkpoint != "" {
		var err error
		if ck, err = resumeCheckpoint(ctx, b, to, extend, s); err != nil {
			return nil, err
		}
		defer ck.close()
	}
	for {
		if per := findPeriod(b.phi(), pb); per.Status == Proved {
			if extend {
				return b.result(b.heaps()-1, per), nil
			}
			return b.result(max(to, b.heaps()-1), per), nil
		}
		if b.heaps() > to {
			break
		}
		if err := ck.writable(b.heaps()); err != nil {
			return nil, err // read-only media: it replays, it cannot go on
		}
		if err := b.add(ctx); err != nil {
			if !isStop(err) {
				return nil, err
			}
			return b.stopped(err)
		}
		if ck != nil {
			if err := ck.save(b); err != nil {
				return nil, err
			}
		}
		if s.Progress != nil {
			ps := 0
			for _, p := range b.isP {
				if p {
					ps++
				}
			}
			s.Progress(b.heaps()-1, b.q.n, ps)
		}
	}
	if extend {
		return b.stopped(heapLimitError(to))
	}
	return b.result(to, findPeriod(b.phi(), pb)), nil
}

// isStop reports whether err is a limit that stops a computation (rather
// than a fault of the rules).
func isStop(err error) bool {
	var be *impartial.BudgetError
	var ce *ConstructionError
	return errors.As(err, &be) || errors.As(err, &ce)
}

// stopped returns the quotient computed so far and the *StopError for err.
func (b *builder) stopped(err error) (*Quotient, error) {
	n := b.heaps()
	se := &StopError{Heap: n, Size: b.q.n, Candidate: b.cand, Err: err, Unit: unitOf(b.rules)}
	if be, ok := err.(*impartial.BudgetError); ok && be.Limit == impartial.LimitHeaps {
		se.Heap, se.Candidate = n-1, 0
	}
	if r, ok := b.rules.(positionNamer); ok {
		se.Closure = r.Len()
		if se.Heap >= 1 && se.Heap <= r.Len() {
			se.Position = r.Name(se.Heap)
		}
	}
	if n > 0 {
		se.Partial = b.result(n-1, findPeriod(b.phi(), b.pb()))
		se.Partial.stop = &Stop{Heap: se.Heap, Size: se.Size, Candidate: se.Candidate, Reason: err.Error()}
	}
	return se.Partial, se
}

func (b *builder) pb() PeriodBounder {
	pb, _ := b.rules.(PeriodBounder)
	return pb
}

// phi returns the images of the heaps computed.
func (b *builder) phi() []int32 {
	phi := make([]int32, len(b.lt))
	for h, j := range b.lt {
		if j >= 0 {
			phi[h] = b.q.acts[j]
		}
	}
	return phi
}

// result builds the quotient of the builder's heaps 0..to (Φ extended by
// the period beyond the heaps computed when it is proved).
func (b *builder) result(to int, per Period) *Quotient {
	phi := b.phi()
	lt := slices.Clone(b.lt)
	trans := slices.Clone(b.transitions())
	computed := len(phi) - 1
	for h := len(phi); h <= to; h++ {
		phi = append(phi, phi[h-per.Period])
		lt = append(lt, lt[h-per.Period])
		trans = append(trans, trans[h-per.Period])
	}
	q := &Quotient{rules: b.rules, q: b.q, isP: b.isP, lt: lt[:to+1], phi: phi[:to+1], trans: trans[:to+1], to: to,
		computed: min(computed, to), period: per, grew: slices.Clone(b.grew), budget: b.budget, work: b.work.done}
	q.present()
	return q
}

// Size returns the number of elements of the quotient.
func (q *Quotient) Size() int { return q.q.n }

// PSize returns the number of elements of the P-portion.
func (q *Quotient) PSize() int {
	n := 0
	for _, p := range q.isP {
		if p {
			n++
		}
	}
	return n
}

// Heaps returns the largest heap the quotient holds for: it holds for the
// sums of heaps 0..Heaps(), and for all heaps when Status() is Proved.
func (q *Quotient) Heaps() int { return q.to }

// Computed returns the last heap computed: Heaps(), or less when the
// quotient was proved before (Φ beyond comes from its period).
func (q *Quotient) Computed() int { return q.computed }

// Status returns Proved, Computed or Stopped.
func (q *Quotient) Status() string {
	switch {
	case q.period.Status == Proved:
		return Proved
	case q.stop != nil:
		return Stopped
	}
	return Computed
}

// Stop returns what stopped the computation (nil unless Status() is
// Stopped).
func (q *Quotient) Stop() *Stop { return q.stop }

// Work returns the work the computation took (Settings.MaxWork counts
// it): the same on any machine. A computation resumed from a checkpoint
// counts only the work after it.
func (q *Quotient) Work() int64 { return q.work }

// Period returns what is known of the periodicity of Φ.
func (q *Quotient) Period() Period { return q.period }

// Mul returns the product of elements x and y.
func (q *Quotient) Mul(x, y int) int { return int(q.q.mul(int32(x), int32(y))) }

// IsP reports whether element x is in the P-portion.
func (q *Quotient) IsP(x int) bool { return q.isP[x] }

// Name returns the normal form of element x, such as "1", "a" or "ab^2".
func (q *Quotient) Name(x int) string { return q.names[x] }

// Word returns the normal form of element x as the exponent of each
// generator.
func (q *Quotient) Word(x int) []int {
	out := make([]int, len(q.words[x]))
	for i, e := range q.words[x] {
		out[i] = int(e)
	}
	return out
}

// Elements returns the names of the elements, in order.
func (q *Quotient) Elements() []string { return slices.Clone(q.names) }

// PPortion returns the names of the elements of the P-portion.
func (q *Quotient) PPortion() []string {
	var out []string
	for x, p := range q.isP {
		if p {
			out = append(out, q.names[x])
		}
	}
	return out
}

// Pretending returns Φ(0), …, Φ(Heaps()) by name.
func (q *Quotient) Pretending() []string {
	out := make([]string, len(q.phi))
	for h, x := range q.phi {
		out[h] = q.names[x]
	}
	return out
}

// Grew returns the heaps at which the quotient changed (the heaps whose
// addition made it larger).
func (q *Quotient) Grew() []int { return slices.Clone(q.grew) }

// MaxTable is the largest quotient whose multiplication table Summary
// includes; WriteTable writes any quotient's.
const MaxTable = 128

// Summary is the quotient as data: what `grundy misere quotient --json`
// prints and /api/misere/quotient returns.
type Summary struct {
	Heaps int `json:"heaps"`
	// Computed is the last heap computed (less than Heaps when proved
	// before: Φ beyond comes from the period).
	Computed   int         `json:"computed"`
	Size       int         `json:"size"`
	PSize      int         `json:"p_size"`
	Status     string      `json:"status"`
	Stop       *Stop       `json:"stop,omitempty"`
	Generators []Generator `json:"generators"`
	Relations  []string    `json:"relations"`
	Elements   []string    `json:"elements"`
	PPortion   []string    `json:"p_portion"`
	// Pretending lists Φ(0), …, Φ(Heaps) by name.
	Pretending []string `json:"pretending"`
	Period     Period   `json:"period"`
	Grew       []int    `json:"grew"`
	// Table is the multiplication table (element indices), present when
	// Size ≤ MaxTable (WriteTable writes it for any size).
	Table [][]int `json:"table,omitempty"`
}

// Summary returns the quotient as data.
func (q *Quotient) Summary() Summary {
	s := Summary{
		Heaps: q.to, Computed: q.computed, Size: q.Size(), PSize: q.PSize(), Status: q.Status(), Stop: q.stop,
		Generators: q.Generators(), Relations: q.Relations(), Elements: q.Elements(),
		PPortion: q.PPortion(), Pretending: q.Pretending(), Period: q.period, Grew: q.Grew(),
	}
	if s.Grew == nil {
		s.Grew = []int{}
	}
	if s.Relations == nil {
		s.Relations = []string{}
	}
	if s.PPortion == nil {
		s.PPortion = []string{}
	}
	if q.Size() <= MaxTable {
		s.Table = make([][]int, q.Size())
		row := make([]int32, q.Size())
		for x := range s.Table {
			q.q.row(int32(x), row)
			s.Table[x] = make([]int, q.Size())
			for y, v := range row {
				s.Table[x][y] = int(v)
			}
		}
	}
	return s
}

// TableBytes estimates the bytes WriteTable writes.
func (q *Quotient) TableBytes() int64 {
	n := int64(q.Size())
	digits := int64(len(strconv.Itoa(int(n))))
	return n*n*(digits+1) + 2*n + 2
}

// WriteTable writes the multiplication table as JSON, one row (the
// products x·0, x·1, … as element indices) a line: [[0,1,…],\n[1,…]]. It
// is written a row at a time, whatever the size (n² numbers: TableBytes),
// and stops at the first write error or when ctx is done.
func (q *Quotient) WriteTable(ctx context.Context, w io.Writer) error {
	n := q.Size()
	row := make([]int32, n)
	var buf []byte
	for x := 0; x < n; x++ {
		if x&63 == 0 {
			if err := ctxError(ctx); err != nil {
				return err
			}
		}
		q.q.row(int32(x), row)
		buf = buf[:0]
		if x == 0 {
			buf = append(buf, '[')
		}
		buf = append(buf, '[')
		for y, v := range row {
			if y > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(v), 10)
		}
		buf = append(buf, ']')
		if x < n-1 {
			buf = append(buf, ",\n"...)
		} else {
			buf = append(buf, "]\n"...)
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}

// String writes the presentation, as ⟨a, b | a^2 = 1, b^3 = b⟩ with
// P = {a, b^2}.
func (q *Quotient) String() string {
	var gens []string
	for _, g := range q.Generators() {
		gens = append(gens, g.Name)
	}
	return fmt.Sprintf("⟨%s | %s⟩, P = {%s}", strings.Join(gens, ", "), strings.Join(q.Relations(), ", "), strings.Join(q.PPortion(), ", "))
}

// findPeriod looks for the least period p of a tail of Φ(0..N), and proves
// it when pb is given and its bound is within the heaps computed.
//
// Periodicity theorem (the form used here; Plambeck–Siegel 2008 prove the
// analogue of the Guy–Smith theorem for quotients). Let Q, Φ be the
// quotient of the heaps 0..N of a take-and-break game in which a move
// removes at most t tokens and leaves at most h heaps. If Φ(n + p) = Φ(n)
// for n0' ≤ n ≤ N − p, with n0' = max(n0, 1) and N ≥ h·n0' + h·p + t − 1,
// then Q is the quotient of all heaps and Φ(n + p) = Φ(n) for every
// n ≥ n0'. Proof: extend Φ periodically. For m > N the map of options
// (a, …) ↦ (a − p, …) on the largest part (Guy and Smith's) shows by
// induction that heap m and heap m − p have the same image and the same
// set of option images. A sum of any heaps then has the same image and
// option images as a sum of heaps ≤ N, so conditions (a)–(c) for all sums
// follow from those for the sums of heaps ≤ N, which hold; and Q is
// reduced already for the heaps ≤ N.
func findPeriod(phi []int32, pb PeriodBounder) Period {
	N := len(phi) - 1
	res := Period{Status: "none"}
	if N < 1 {
		res.Criterion = "too few heaps"
		return res
	}
	cands := tailPeriods(phi)
	if pb != nil {
		for _, c := range cands {
			if b := pb.PeriodBound(c.n0, c.p); b >= 0 && b <= N {
				res.Preperiod, res.Period, res.Status, res.Need = c.n0, c.p, Proved, b
				res.Criterion = fmt.Sprintf("Φ(n+%d) = Φ(n) for %d ≤ n ≤ %d, and the periodicity theorem needs heaps up to %d: Φ and the quotient hold for every heap", c.p, max(c.n0, 1), N-c.p, b)
				return res
			}
		}
	}
	for _, c := range cands {
		if tail := N + 1 - c.n0; tail >= 2*c.p && 2*c.n0 <= N {
			res.Preperiod, res.Period, res.Status = c.n0, c.p, "observed"
			res.Criterion = fmt.Sprintf("Φ(n+%d) = Φ(n) for %d ≤ n ≤ %d; no proof applies to these rules", c.p, c.n0, N-c.p)
			if pb != nil {
				if b := pb.PeriodBound(c.n0, c.p); b >= 0 {
					res.Need = b
					res.Criterion = fmt.Sprintf("Φ(n+%d) = Φ(n) for %d ≤ n ≤ %d; the periodicity theorem needs heaps up to %d", c.p, c.n0, N-c.p, b)
				}
			}
			return res
		}
	}
	res.Criterion = fmt.Sprintf("no period repeating twice over the second half of Φ(0..%d)", N)
	return res
}

type tailPeriod struct{ p, n0 int }

// tailPeriods returns, for each least period p of a tail of xs, the start
// n0 of the longest tail with that period, in increasing p (prefix
// function of the reversed sequence).
func tailPeriods(xs []int32) []tailPeriod {
	N := len(xs) - 1
	L := N + 1
	rev := func(i int) int32 { return xs[N-i] }
	pi := make([]int, L)
	for i := 1; i < L; i++ {
		k := pi[i-1]
		for k > 0 && rev(k) != rev(i) {
			k = pi[k-1]
		}
		if rev(k) == rev(i) {
			k++
		}
		pi[i] = k
	}
	var out []tailPeriod
	for l := 1; l <= L; l++ {
		p := l - pi[l-1]
		n0 := N + 1 - l
		if len(out) > 0 && out[len(out)-1].p == p {
			out[len(out)-1].n0 = n0
			continue
		}
		out = append(out, tailPeriod{p, n0})
	}
	return out
}

// RangeError reports a heap beyond the quotient's range.
type RangeError struct {
	Heap, To int
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("heap %d is beyond the misère quotient, computed to heap %d and not proved for larger heaps", e.Heap, e.To)
}

// Image returns Φ(heap), the element a heap of that size maps to; beyond
// Heaps() only when the quotient is proved (Φ is then periodic).
func (q *Quotient) Image(heap int) (int, error) {
	h, err := q.reduceHeap(heap)
	if err != nil {
		return 0, err
	}
	return int(q.phi[h]), nil
}

// reduceHeap returns a heap ≤ Heaps() with the same image and the same
// option images as heap (the heap itself, or one a multiple of the period
// below when the quotient is proved).
func (q *Quotient) reduceHeap(heap int) (int, error) {
	if heap < 0 {
		return 0, fmt.Errorf("heap size %d is negative", heap)
	}
	if heap <= q.to {
		return heap, nil
	}
	if q.period.Status != Proved {
		return 0, &RangeError{Heap: heap, To: q.to}
	}
	p := q.period.Period
	k := (heap - q.to + p - 1) / p
	return heap - k*p, nil
}

// Text states the quotient for terminal output, under the given title
// (the game's name). The multiplication table is printed for quotients of
// at most 16 elements; lists longer than maxList items are cut, saying how
// many are left out (0: no cut).
func (s Summary) Text(title string, maxList int) string {
	var b strings.Builder
	claim := fmt.Sprintf("computed for heaps 0..%d, nothing claimed beyond", s.Heaps)
	switch s.Status {
	case Proved:
		claim = fmt.Sprintf("PROVED for every heap size at heap %d", s.Computed)
	case Stopped:
		claim = fmt.Sprintf("STOPPED at heap %d; exact for heaps 0..%d", s.Stop.Heap, s.Heaps)
	}
	fmt.Fprintf(&b, "%s: misère quotient of the heaps 0..%d: %d elements, %d in the P-portion (%s).\n", title, s.Heaps, s.Size, s.PSize, claim)
	cut := func(xs []string, sep string) string {
		if maxList > 0 && len(xs) > maxList {
			return strings.Join(xs[:maxList], sep) + fmt.Sprintf("%s… (%d more)", sep, len(xs)-maxList)
		}
		return strings.Join(xs, sep)
	}
	var gens []string
	for _, g := range s.Generators {
		gens = append(gens, fmt.Sprintf("%s = heap %d", g.Name, g.Heap))
	}
	row := func(label, text string) { fmt.Fprintf(&b, "  %-11s %s\n", label, text) }
	row("generators", orNone(cut(gens, ", ")))
	row("relations", orNone(cut(s.Relations, ", ")))
	row("P-portion", "{"+cut(s.PPortion, ", ")+"}")
	row("elements", cut(s.Elements, " "))
	row("pretending", fmt.Sprintf("Φ(0..%d) = %s", s.Heaps, cut(s.Pretending, " ")))
	switch s.Period.Status {
	case Proved, "observed":
		row("period", fmt.Sprintf("%d from heap %d, %s: %s", s.Period.Period, s.Period.Preperiod, strings.ToUpper(s.Period.Status), s.Period.Criterion))
	default:
		row("period", s.Period.Criterion)
	}
	if len(s.Grew) > 0 {
		var hs []string
		for _, h := range s.Grew {
			hs = append(hs, strconv.Itoa(h))
		}
		heaps := "heaps "
		if len(hs) == 1 {
			heaps = "heap "
		}
		row("grew at", heaps+cut(hs, ", "))
	}
	if s.Stop != nil {
		row("stopped", s.Stop.Reason)
	}
	if s.Size <= 16 && s.Table != nil {
		b.WriteString(TableText(s.Elements, s.PPortion, s.Table))
	}
	return b.String()
}

// TableText writes a multiplication table (element indices, as in
// Summary.Table) for the terminal, rows and columns named by the
// elements, * marking the P-portion.
func TableText(elements, pPortion []string, table [][]int) string {
	var b strings.Builder
	w := 1
	for _, e := range elements {
		w = max(w, len(e)+1)
	}
	isP := map[string]bool{}
	for _, e := range pPortion {
		isP[e] = true
	}
	name := func(e string) string {
		if isP[e] {
			return e + "*"
		}
		return e
	}
	b.WriteString("  table (* marks the P-portion):\n")
	fmt.Fprintf(&b, "    %*s |", w, "")
	for _, e := range elements {
		fmt.Fprintf(&b, " %*s", w, name(e))
	}
	b.WriteByte('\n')
	for x, r := range table {
		fmt.Fprintf(&b, "    %*s |", w, name(elements[x]))
		for _, y := range r {
			fmt.Fprintf(&b, " %*s", w, name(elements[y]))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
