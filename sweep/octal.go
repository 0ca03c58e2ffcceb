package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/grundy/grundy/checkpoint"
	"github.com/grundy/grundy/octal"
)

// OctalSpec is an octal sweep: every code of the families asked for (by
// default 0.d1…dk with k ≤ Digits, last digit non-zero), or the codes
// listed, each computed until its period is proved or a budget of work is
// spent: G(0..To), and G(0..PlainTo) for a code the plain O(n²) kernel
// computes (octal.HuntLimits).
//
// Fields left at their zero value are omitted from the JSON, so a spec
// written before they existed (DIR/sweep.json of an older sweep) reads
// back as the same sweep: PlainTo 0 is To (no plain cap), Families nil is
// the 0.ddd codes.
type OctalSpec struct {
	Digits int `json:"digits"`
	To     int `json:"to"`
	// PlainTo caps the values of a code while the plain kernel computes
	// it (a code with splits where no sparse-space split pays): 0 or ≥ To,
	// no separate cap.
	PlainTo int `json:"plain_to,omitempty"`
	// Families: "0" (the codes 0.d1…dk), "4" (4.0 and the codes 4.d1…dk)
	// and "0.0n7" (Flammenkamp's family: remove exactly n tokens, leaving
	// 0, 1 or 2 heaps, n = 1..25, the code 0.0…07 with the 7 at place n);
	// nil is "0".
	Families []string `json:"families,omitempty"`
	// Codes, if set, are the codes swept (canonical, "0.16", or a
	// take-and-break code in CGSuite's syntax, "tb:4!.0"), in place of
	// Digits and Families.
	Codes []string `json:"codes,omitempty"`
	// MaxWork bounds the options the plain kernel of a tb: code examines
	// where it lists partitions (three heaps or more, modifiers, repeating
	// digits: octal.Computer.SetMaxWork). Set, to DefaultMaxWork if zero,
	// when a tb: code is listed; otherwise zero.
	MaxWork int64 `json:"max_work,omitempty"`
	// SolvedTo, if above To, lets a code the published tables list as
	// solved (Lookup) go on to G(0..SolvedTo) while no period is proved
	// and its kernel is not the plain one past the plain cap (PlainTo, or
	// To if there is none): the codes whose Guy–Smith bound lies past To
	// (.16, .56, .354, .376) end proved, while the unsolved ones stop at
	// To. The tables only say how far to look; the proof is the values'.
	SolvedTo int `json:"solved_to,omitempty"`
}

// DefaultMaxWork is the work a tb: code's plain kernel may do by default:
// 2^24 options, seconds for the worst codes (tb:0.{2+}, any number of
// heaps, reaches G(67) in 4 s of CPU; tb:0.8, three heaps, G(845) in
// 0.2 s), where a two-heap code's plain cap, 2^16, costs half a second.
const DefaultMaxWork = 1 << 24

// canonical returns the spec in the form recorded in DIR/sweep.json: a
// plain cap at or above To is no cap, the default family is left out, the
// families are in OctalFamilies' order and the codes canonical, so that
// equal sweeps have equal specs.
func (s OctalSpec) canonical() (OctalSpec, error) {
	if s.PlainTo >= s.To {
		s.PlainTo = 0
	}
	if s.SolvedTo <= s.To {
		s.SolvedTo = 0
	}
	if len(s.Codes) > 0 {
		if len(s.Families) > 0 {
			return s, fmt.Errorf("sweep: octal codes are listed or enumerated by family, not both")
		}
		if len(s.Codes) > MaxOctalCodes {
			return s, fmt.Errorf("sweep: at most %d octal codes, not %d", MaxOctalCodes, len(s.Codes))
		}
		seen := map[string]bool{}
		codes := make([]string, 0, len(s.Codes))
		tb := false
		for _, code := range s.Codes {
			k, _, err := ParseSweepCode(code)
			if err != nil {
				return s, fmt.Errorf("sweep: %w", err)
			}
			if !seen[k] {
				seen[k] = true
				codes = append(codes, k)
				tb = tb || isTB(k)
			}
		}
		s.Codes, s.Digits = codes, 0
		if s.MaxWork < 0 {
			return s, fmt.Errorf("sweep: the work limit must be positive, not %d", s.MaxWork)
		}
		switch {
		case !tb:
			s.MaxWork = 0
		case s.MaxWork == 0:
			s.MaxWork = DefaultMaxWork
		}
		return s, nil
	}
	s.MaxWork = 0
	var fams []string
	for _, f := range OctalFamilies {
		if slices.Contains(s.Families, f) {
			fams = append(fams, f)
		}
	}
	for _, f := range s.Families {
		if !slices.Contains(OctalFamilies, f) {
			return s, fmt.Errorf("sweep: unknown octal family %q (%s)", f, strings.Join(OctalFamilies, ", "))
		}
	}
	if slices.Equal(fams, []string{"0"}) {
		fams = nil
	}
	s.Families = fams
	return s, nil
}

// OctalRow is one code's result: a line of results.csv and results.jsonl.
type OctalRow struct {
	Code       string `json:"code"`
	ComputedTo int    `json:"computed_to"`
	MaxValue   uint32 `json:"max_value"`
	// Rare is the number of rare heaps of the sparse-space kernel (0 when
	// the plain kernel ran).
	Rare      int `json:"rare"`
	Period    int `json:"period"`
	Preperiod int `json:"preperiod"`
	// Status is proved (the Guy–Smith test), found (seen in the values,
	// not proved: grundy period's "observed") or none.
	Status string `json:"status"`
	// Stop says why the computation stopped: proved, to (G(0..To) known),
	// plain_to (the plain kernel computed the code past PlainTo), max_work
	// or solved_to (a solved code past SolvedTo, not proved). A part
	// of a sweep before the plain cap has none; the merge fills it in.
	Stop    string  `json:"stop,omitempty"`
	Seconds float64 `json:"seconds"`
	// CPUSeconds is the CPU time the unit took (its thread's, on Linux;
	// 0, absent, elsewhere and in parts before it): unlike Seconds, the
	// same whether or not other units shared the core. Both count the run
	// that finished the unit only, not those before a resume.
	CPUSeconds float64 `json:"cpu_seconds,omitempty"`
	// What the tables say (see Lookup), and whether this result agrees:
	// agrees, disagrees, unproved (published, out of this range), open
	// (listed unsolved), unlisted (listed unsolved, proved here and by the
	// plain kernel's values: a period the tables consulted do not give,
	// not a claim that it is new, since Czajka's unsolved list is what
	// his 1000-value analyzer did not solve and Flammenkamp's table, which
	// covers every 4.ddd code, is not among them), unconfirmed (the same,
	// past the plain kernel's check) or "" (no published result).
	Representative     string `json:"representative,omitempty"`
	PublishedPeriod    *int   `json:"published_period,omitempty"`
	PublishedPreperiod *int   `json:"published_preperiod,omitempty"`
	Check              string `json:"check,omitempty"`
	Note               string `json:"note,omitempty"`
	// Checksum is the checksum of G(0..ComputedTo) that grundy values
	// prints for --to ComputedTo (checkpoint.Sum: SHA-256 of the values
	// as 8-byte little-endian words). Parts before it have none.
	Checksum string `json:"checksum,omitempty"`
	// Plain is the plain kernel's check of a period proved for a code the
	// tables list as unsolved: "same" (its G(0..ComputedTo) has the same
	// checksum and proves the same period), "differs", or "beyond"
	// (ComputedTo past plainConfirmMax); "" on every other row.
	Plain string `json:"plain,omitempty"`
}

// FreqTable is how many heaps 1..N have each value, N a power of two, as
// rogalski's octal solver writes them (github.com/rogalski-wmii-uni-lodz-pl/octal,
// results/CODE/N: a line "nimber frequency" for every value 0..max).
type FreqTable struct {
	N      int     `json:"n"`
	Counts []int64 `json:"counts"` // Counts[v]: heaps 1..N of value v, v = 0..max
	// Checksum is that of G(0..N), as grundy values --to N prints it.
	Checksum string `json:"checksum"`
}

// octalPart is the result a part holds: the row, and for a sparse unit
// not proved its frequency tables, which the merge writes to
// DIR/frequencies.
type octalPart struct {
	OctalRow
	Frequencies []FreqTable `json:"frequencies,omitempty"`
}

type octalTask struct {
	spec  OctalSpec
	codes []string
	// ck, if set, is where and how often long units save their values
	// (setCheckpoints).
	ck *unitCheckpoints
}

// unitCheckpoints says where a sweep's units keep their checkpoints,
// DIR/checkpoints/KEY (a checkpoint directory of the checkpoint package:
// G(0), G(1), … of the code), and how often they save: every Every
// values, by work, so that a unit killed (kill -9, a node lost) resumes
// from its last save instead of from G(0). The values of a code do not
// depend on the budget, so a checkpoint serves any budget.
type unitCheckpoints struct {
	Dir   string
	Every int
	// saved, if set, is called after each save with the values saved
	// (tests: stop a unit there, as a kill would).
	saved func(ctx context.Context, n int) error
}

// DefaultCheckpointEvery is how many values a unit computes between two
// saves of its checkpoint: 2^22 values, a few seconds of a sparse code,
// 4 to 8 MB of the checkpoint's file.
const DefaultCheckpointEvery = 1 << 22

// checkpointer is a task whose units keep checkpoints (the octal sweep;
// a shard of one passes them on).
type checkpointer interface {
	setCheckpoints(ck *unitCheckpoints)
	// dropCheckpoint removes unit i's checkpoint once its part is written.
	dropCheckpoint(i int)
}

func (t *octalTask) setCheckpoints(ck *unitCheckpoints) { t.ck = ck }

func (t *octalTask) dropCheckpoint(i int) {
	if t.ck != nil {
		os.RemoveAll(filepath.Join(t.ck.Dir, t.key(i)))
	}
}

func newOctalTask(s OctalSpec) (*octalTask, error) {
	s, err := s.canonical()
	if err != nil {
		return nil, err
	}
	if len(s.Codes) == 0 && (s.Digits < 1 || s.Digits > MaxOctalDigits) {
		return nil, fmt.Errorf("sweep: octal digits must be 1..%d, not %d", MaxOctalDigits, s.Digits)
	}
	if s.To < 1 || s.To > MaxOctalTo {
		return nil, fmt.Errorf("sweep: octal --to must be 1..%d, not %d", MaxOctalTo, s.To)
	}
	if s.PlainTo < 0 {
		return nil, fmt.Errorf("sweep: octal plain cap must be positive, not %d", s.PlainTo)
	}
	if s.SolvedTo > MaxOctalTo {
		return nil, fmt.Errorf("sweep: octal solved codes' reach must be at most %d, not %d", MaxOctalTo, s.SolvedTo)
	}
	codes := s.Codes
	if len(codes) == 0 {
		codes = FamilyCodes(s.Families, s.Digits)
	}
	return &octalTask{spec: s, codes: codes}, nil
}

func (t *octalTask) units() int       { return len(t.codes) }
func (t *octalTask) key(i int) string { return codeKey(t.codes[i]) }

// octalUnit is what a code's result depends on: the code and the budget
// (PlainTo 0: none but To, as in the sweeps before it; MaxWork for a tb:
// code only; SolvedTo for a code the tables list as solved only, so that
// an unsolved code's part is the same with it or without).
type octalUnit struct {
	Kind     string `json:"kind"`
	Code     string `json:"code"`
	To       int    `json:"to"`
	PlainTo  int    `json:"plain_to,omitempty"`
	MaxWork  int64  `json:"max_work,omitempty"`
	SolvedTo int    `json:"solved_to,omitempty"`
}

func (t *octalTask) unit(i int) any {
	u := octalUnit{Kind: "octal", Code: t.codes[i], To: t.spec.To, PlainTo: t.spec.PlainTo}
	if isTB(u.Code) {
		u.MaxWork = t.spec.MaxWork
	}
	if t.spec.SolvedTo > 0 && publishedSolved(u.Code) {
		u.SolvedTo = t.spec.SolvedTo
	}
	return u
}

// budget is the unit's budget: to SolvedTo for a code it is set for, the
// plain cap staying at PlainTo (or To).
func (u octalUnit) budget() OctalBudget {
	b := OctalBudget{To: u.To, PlainTo: u.PlainTo, MaxWork: u.MaxWork}
	if u.SolvedTo > u.To {
		b.To = u.SolvedTo
		if b.PlainTo == 0 {
			b.PlainTo = u.To
		}
	}
	return b
}

// publishedSolved reports whether the tables give a period for the code
// (through its octal equivalent for a tb: code).
func publishedSolved(code string) bool {
	c, ok := octalEquivalent(code)
	if !ok {
		return false
	}
	pub, ok := Lookup(c)
	return ok && !pub.Unsolved
}

func (t *octalTask) run(ctx context.Context, i int) ([]byte, error) {
	u := t.unit(i).(octalUnit)
	var ck *unitCheckpoint
	if t.ck != nil {
		ck = &unitCheckpoint{dir: filepath.Join(t.ck.Dir, t.key(i)), every: t.ck.Every, saved: t.ck.saved}
	}
	row, freq, err := runOctal(ctx, u.Code, u.budget(), ck)
	if err != nil {
		return nil, err
	}
	if u.SolvedTo > u.To && row.Stop == stopName[octal.StopMax] {
		row.Stop = "solved_to"
	}
	return json.Marshal(octalPart{row, freq})
}

// OctalBudget is the work a unit of an octal sweep may do.
type OctalBudget struct {
	// To: G(0..To) at most; PlainTo: G(0..PlainTo) while the plain kernel
	// computes a code with splits (0: no such cap).
	To, PlainTo int
	// MaxWork bounds the options a tb: code's plain kernel examines where
	// it lists partitions (0: none; octal.Computer.SetMaxWork).
	MaxWork int64
}

// unitCheckpoint is one unit's checkpoint: its directory and how often it
// saves.
type unitCheckpoint struct {
	dir   string
	every int
	saved func(ctx context.Context, n int) error
}

// open has comp replay the values the unit's checkpoint holds, if it has
// one, and save its values there every ck.every values; a unit that never
// reaches a save (most units) never touches the disk. The returned
// function closes the checkpoint, saving first every value comp holds if
// asked.
func (ck *unitCheckpoint) open(ctx context.Context, code string, comp *octal.Computer) (func(all bool) error, error) {
	var cp *checkpoint.Checkpoint
	var rd *checkpoint.Reader
	if _, err := os.Stat(ck.dir); err == nil {
		c, n, err := checkpoint.OpenCount(ck.dir, code, 0)
		if err != nil {
			return nil, err
		}
		cp = c
		if n > 1 {
			// G(0) is the computer's from the start: replay G(1..n−1).
			if rd, err = cp.Values(n); err == nil {
				_, err = rd.Next()
			}
			if err == nil {
				err = comp.SetReplay(int(n-1), func() (uint32, error) {
					v, err := rd.Next()
					if v >= 1<<32 {
						return 0, fmt.Errorf("value %d out of range", v)
					}
					return uint32(v), err
				})
			}
			if err != nil {
				if rd != nil {
					rd.Close()
				}
				cp.Close()
				return nil, err
			}
		}
	}
	save := func(c *octal.Computer) error {
		if cp == nil {
			c, _, err := checkpoint.OpenCount(ck.dir, code, 0)
			if err != nil {
				return err
			}
			cp = c
		}
		if int(cp.Count()) >= c.Len() {
			return nil // a replay not yet past what the checkpoint holds
		}
		for i := int(cp.Count()); i < c.Len(); i++ {
			if err := cp.Append(uint64(c.At(i))); err != nil {
				return err
			}
		}
		if err := cp.Commit(); err != nil {
			return err
		}
		if ck.saved != nil {
			return ck.saved(ctx, c.Len())
		}
		return nil
	}
	comp.SetSave(ck.every, save)
	return func(all bool) error {
		var err error
		if all {
			err = save(comp)
		}
		if rd != nil {
			rd.Close()
		}
		if cp != nil {
			if cerr := cp.Close(); err == nil {
				err = cerr
			}
		}
		return err
	}, nil
}

// runOctal computes one code (ParseSweepCode: an octal code or a tb:
// code, through the same octal.Computer): its period hunt
// (octal.SearchPeriod) up to G(To), and G(PlainTo) while the plain kernel
// computes it, then the statistics of the computer and, for a code not
// proved whose last kernel is the sparse-space one, its frequency tables
// (the counts of each value among heaps 1..N for every power of two N ≤
// ComputedTo). A tb: code whose kernel passes MaxWork stops there (stop
// "max_work") with the values before the heap that passed it. Everything
// but the seconds depends on the code and the budget only, never on the
// machine or its load; the check against the tables is the merge's. The
// values are kept in ck (nil: none) if the code allows a replay (a tb:
// code with a work limit that counts the options of three heaps or more
// does not).
func runOctal(ctx context.Context, code string, b OctalBudget, ck *unitCheckpoint) (_ OctalRow, _ []FreqTable, err error) {
	_, g, err := ParseSweepCode(code)
	if err != nil {
		return OctalRow{}, nil, err
	}
	start := time.Now()
	// The unit runs on one goroutine (no SetParallel), locked to its
	// thread so that the thread's CPU clock is the unit's.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, cpuOK := threadCPU()
	var closeCk func(all bool) error
	setup := func(comp *octal.Computer) (err error) {
		if ck != nil && comp.CanReplay() {
			closeCk, err = ck.open(ctx, code, comp)
		}
		return err
	}
	found, err := octal.SearchPeriod(ctx, g, octal.PeriodSearch{MaxN: b.To, PlainMaxN: b.PlainTo, MaxWork: b.MaxWork, KeepAtWork: true, Setup: setup})
	if closeCk != nil {
		defer func() {
			// A unit stopped keeps every value it computed; a unit done
			// has its part, and its checkpoint goes once that is written.
			if cerr := closeCk(err != nil); cerr != nil && err == nil {
				err = fmt.Errorf("sweep: octal %s: %w", code, cerr)
			}
		}()
	}
	if err != nil {
		return OctalRow{}, nil, fmt.Errorf("sweep: octal %s: %w", code, err)
	}
	comp, per, stop := found.Computer, found.Periodicity, found.Stop
	st := comp.Stats()
	status := string(per.Status)
	if per.Status == octal.Observed {
		status = "found"
	}
	sum, freq := frequencies(comp, per.ComputedTo, st.Kernel == "sparse" && per.Status != octal.Proved)
	row := OctalRow{
		Code: code, ComputedTo: per.ComputedTo, MaxValue: st.MaxValue, Rare: st.Rare,
		Period: per.Period, Preperiod: per.Preperiod, Status: status, Stop: stopName[stop],
		Seconds: time.Since(start).Seconds(), Checksum: sum,
	}
	if per.Status == octal.Proved && publishedUnsolved(code) {
		// A period the tables do not give: the unit checks it with the
		// plain kernel, the oracle the fast kernels are tested against,
		// while it holds a core (the merge only reads the verdict).
		if row.Plain, err = plainCheck(ctx, g, &row); err != nil {
			return OctalRow{}, nil, fmt.Errorf("sweep: octal %s: the plain kernel's check: %w", code, err)
		}
		row.Seconds = time.Since(start).Seconds()
	}
	if cpu1, ok := threadCPU(); ok && cpuOK {
		row.CPUSeconds = cpu1 - cpu0
	}
	return row, freq, nil
}

// frequencies reads G(0..to) once: their checksum, and with tables the
// counts of each value among heaps 1..N at every power of two N ≤ to,
// each with the checksum of G(0..N).
func frequencies(c *octal.Computer, to int, tables bool) (string, []FreqTable) {
	sum := checkpoint.NewSum()
	var counts []int64
	var out []FreqTable
	maxV := -1
	for n := 0; n <= to; n++ {
		v := c.At(n)
		sum.Add(uint64(v))
		if !tables || n == 0 {
			continue
		}
		if int(v) >= len(counts) {
			counts = append(counts, make([]int64, int(v)+1-len(counts))...)
		}
		counts[v]++
		maxV = max(maxV, int(v))
		if n&(n-1) == 0 {
			out = append(out, FreqTable{N: n, Counts: slices.Clone(counts[:maxV+1]), Checksum: sum.String()})
		}
	}
	return sum.String(), out
}

// stopWork is a tb: code's hunt stopped by the work limit.
const stopWork = octal.StopWork

// stopName names a hunt's stop in a row: by the budget's field in the spec.
var stopName = map[octal.Stop]string{octal.StopProved: "proved", octal.StopMax: "to", octal.StopPlainMax: "plain_to", stopWork: "max_work"}

// Shift is the number of heap sizes n ≥ 1, from 1 up, that have no move:
// such heaps are dead, and the published tables list the game on heaps
// that many tokens smaller (Czajka: "a game in which taking a 1-element
// heap is not allowed is considered equivalent to the game with all heap
// sizes reduced by 1", applied until a heap of one has a move). Dawson's
// Kayles 0.07 has shift 1: its G(n+1) is the G(n) of 0.4.
func Shift(g octal.Game) int {
	s := 0
	for n := 1; n < 64; n++ {
		moves := false
		g.Options(n, func(int, []int) bool { moves = true; return false })
		if moves {
			break
		}
		s++
	}
	return s
}

// Compare compares the row with the published result and fills in the
// check columns: the period, and the pre-period in the tables' indexing
// (heaps Shift tokens smaller: max(0, n0 − shift)). A code the tables call
// unsolved must not be proved periodic; a published period whose Guy–Smith
// bound lies within the range computed must be proved.
//
// The published pre-period column is the tables' own number.
func (r *OctalRow) Compare() {
	code, ok := octalEquivalent(r.Code)
	if !ok {
		return // a tb: code that is no octal code: not in the tables
	}
	pub, ok := Lookup(code)
	if !ok {
		return
	}
	c, err := octal.ParseCode(code)
	if err != nil {
		return
	}
	g := octal.New(c)
	shift := Shift(g)
	r.Representative = pub.Rep
	switch {
	case pub.Unsolved && r.Status == "proved":
		// Unlisted if the unit's plain kernel gave the same values: the
		// same period proved from them. Not "new": a new period needs the
		// table that would list it, and Flammenkamp's, which covers every
		// 4.ddd code, is not among the tables consulted (known.go).
		switch r.Plain {
		case "same":
			r.Check, r.Note = "unlisted", fmt.Sprintf("listed unsolved (%s, representative %s), no period in the tables consulted; proved here, and the plain kernel gives the same G(0..%d)", pub.Source, pub.Rep, r.ComputedTo)
		case "differs":
			r.Check, r.Note = "disagrees", fmt.Sprintf("listed unsolved (%s, representative %s); proved here, but the plain kernel's values differ or do not prove it", pub.Source, pub.Rep)
		case "beyond":
			r.Check, r.Note = "unconfirmed", fmt.Sprintf("listed unsolved (%s, representative %s), no period in the tables consulted; proved here, past the plain kernel's check (G to %d): confirm it with an independent program", pub.Source, pub.Rep, plainConfirmMax)
		default:
			r.Check, r.Note = "unconfirmed", fmt.Sprintf("listed unsolved (%s, representative %s), no period in the tables consulted; proved here, not checked by the plain kernel (a part from before the units checked): compute the unit again", pub.Source, pub.Rep)
		}
	case pub.Unsolved:
		r.Check, r.Note = "open", fmt.Sprintf("published unsolved (%s)", pub.Source)
	default:
		r.PublishedPeriod, r.PublishedPreperiod = &pub.Period, &pub.Preperiod
		r.Note = pub.Source
		if RepCode(pub.Rep) != code {
			r.Note += ", through " + pub.Rep
		}
		if shift > 0 {
			r.Note += fmt.Sprintf(", heaps shifted by %d", shift)
		}
		// The published pre-period in the shifted indexing.
		t0 := pub.Preperiod
		if !pub.Shifted {
			if rc, err := octal.ParseCode(RepCode(pub.Rep)); err == nil {
				t0 = max(0, t0-Shift(octal.New(rc)))
			}
		}
		switch {
		case r.Status == "proved" && r.Period == pub.Period && max(0, r.Preperiod-shift) == t0:
			r.Check = "agrees"
		case r.Status == "proved":
			r.Check = "disagrees"
		default:
			if bound := g.Bound(t0+shift, pub.Period); r.ComputedTo >= bound {
				r.Check = "disagrees"
				r.Note += fmt.Sprintf("; the Guy–Smith bound %d is within the range but no period was proved", bound)
			} else {
				r.Check = "unproved"
			}
		}
	}
}

// plainConfirmMax bounds the values the plain kernel recomputes to check
// a period the tables do not give. It examines about n²/4 pairs of heaps: some 4 minutes of
// one core for 4.406's 588,284 values, a quarter of an hour at 2^20.
const plainConfirmMax = 1 << 20

// publishedUnsolved reports whether the tables list the code (an octal
// code, or a tb: code that is one) as unsolved.
func publishedUnsolved(code string) bool {
	c, ok := octalEquivalent(code)
	if !ok {
		return false
	}
	pub, ok := Lookup(c)
	return ok && pub.Unsolved
}

// plainCheck recomputes the row's values with the plain kernel and says
// whether they are the same (the checksum of G(0..ComputedTo), where the
// row has one) and prove the same period from the same pre-period: same,
// differs, or beyond when ComputedTo is past plainConfirmMax.
func plainCheck(ctx context.Context, g octal.Game, r *OctalRow) (string, error) {
	if r.ComputedTo > plainConfirmMax {
		return "beyond", nil
	}
	c := octal.NewComputer(g, octal.PlainMethod)
	if err := c.Extend(ctx, r.ComputedTo); err != nil {
		return "", err
	}
	sum, _ := frequencies(c, r.ComputedTo, false)
	res := octal.Analyze(c)
	if (r.Checksum == "" || sum == r.Checksum) && res.Status == octal.Proved && res.Period == r.Period && res.Preperiod == r.Preperiod {
		return "same", nil
	}
	return "differs", nil
}

func (t *octalTask) merge(ctx context.Context, st *store) (*Summary, error) {
	rows := make([]OctalRow, 0, len(t.codes))
	sum := &Summary{}
	freqFiles := false
	for i, code := range t.codes {
		data, err := mergePart(ctx, st, t, i)
		if err != nil {
			return nil, err
		}
		var part octalPart
		if err := json.Unmarshal(data, &part); err != nil || part.Code != code {
			return nil, fmt.Errorf("sweep: %s: the result of octal %s is not a row of it: %v", st.partPath(t.key(i)), code, err)
		}
		r := part.OctalRow
		if len(part.Frequencies) > 0 {
			if err := writeFrequencies(ctx, st, t.key(i), part.Frequencies); err != nil {
				return nil, err
			}
			freqFiles = true
		}
		if r.Stop == "" {
			// A part of a sweep before the budget's reasons: it ran to
			// To unless proved.
			r.Stop = "to"
			if r.Status == "proved" {
				r.Stop = "proved"
			}
		}
		r.Compare()
		rows = append(rows, r)
		switch r.Stop {
		case "to":
			sum.StopTo++
		case "plain_to":
			sum.StopPlainTo++
		case "max_work":
			sum.StopMaxWork++
		case "solved_to":
			sum.StopSolvedTo++
		}
		sum.Seconds += r.Seconds
		switch r.Status {
		case "proved":
			sum.Proved++
		case "found":
			sum.Found++
		default:
			sum.None++
		}
		if r.PublishedPeriod != nil {
			sum.Published++
		}
		switch r.Check {
		case "agrees":
			sum.Agree++
		case "disagrees":
			sum.Disagree = append(sum.Disagree, r.Code)
		case "unlisted":
			sum.Unlisted = append(sum.Unlisted, r.Code)
		case "unconfirmed":
			sum.Unconfirmed = append(sum.Unconfirmed, r.Code)
		}
	}
	sort.Strings(sum.Disagree)
	sort.Strings(sum.Unlisted)
	sort.Strings(sum.Unconfirmed)
	header := []string{"code", "computed_to", "max_value", "rare", "period", "preperiod", "status", "stop", "seconds",
		"representative", "published_period", "published_preperiod", "check", "note", "checksum", "cpu_seconds"}
	records := make([][]string, len(rows))
	for i, r := range rows {
		records[i] = []string{r.Code, itoa(r.ComputedTo), itoa(int(r.MaxValue)), itoa(r.Rare), itoa(r.Period), itoa(r.Preperiod),
			r.Status, r.Stop, fmt.Sprintf("%.3f", r.Seconds), r.Representative, itoaOrEmpty(r.PublishedPeriod), itoaOrEmpty(r.PublishedPreperiod), r.Check, r.Note, r.Checksum, cpuOrEmpty(r.CPUSeconds)}
	}
	files, err := writeTable(ctx, st, "results", header, records, rows)
	if err != nil {
		return nil, err
	}
	if freqFiles {
		files = append(files, "frequencies/")
	}
	sum.Files = files
	return sum, nil
}

func itoa(n int) string { return strconv.Itoa(n) }

func cpuOrEmpty(s float64) string {
	if s == 0 {
		return ""
	}
	return fmt.Sprintf("%.3f", s)
}

func itoaOrEmpty(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}

// writeFrequencies writes a unit's frequency tables in rogalski's format,
// DIR/frequencies/KEY/N (a line "value count" for every value 0..max
// among heaps 1..N), and DIR/frequencies/KEY/checksums, a line "N
// sha256:…" for each N: the checksum of G(0..N) grundy values prints.
func writeFrequencies(ctx context.Context, st *store, key string, tables []FreqTable) error {
	var sums bytes.Buffer
	for _, ft := range tables {
		var b bytes.Buffer
		for v, n := range ft.Counts {
			fmt.Fprintf(&b, "%d %d\n", v, n)
		}
		if err := st.write(ctx, st.join("frequencies", key, strconv.Itoa(ft.N)), b.Bytes()); err != nil {
			return fmt.Errorf("sweep: %w", err)
		}
		fmt.Fprintf(&sums, "%d %s\n", ft.N, ft.Checksum)
	}
	if err := st.write(ctx, st.join("frequencies", key, "checksums"), sums.Bytes()); err != nil {
		return fmt.Errorf("sweep: %w", err)
	}
	return nil
}
