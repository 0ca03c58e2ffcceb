package sweep

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/grundy/grundy/cardflip"
)

// CardflipSpec is a card-flip grid: every strategy × m × players × model ×
// variant, evaluated exactly (all m! deals) or by seeded games.
type CardflipSpec struct {
	Strategies []string `json:"strategies"`
	M          []int    `json:"m"`
	Players    []int    `json:"players"` // 0 = ∞
	Models     []string `json:"models"`
	Variants   []string `json:"variants"`
	Method     string   `json:"method"` // exact, simulate or auto
	Trials     int64    `json:"trials"`
	Seed       uint64   `json:"seed"`
}

// Limits of a grid.
const (
	MaxGridPoints  = 10_000
	MaxGridM       = 1_000
	MaxGridTrials  = 1_000_000_000
	MaxGridGames   = 10_000_000_000 // trials × simulated points
	AutoExactMaxM  = 8              // method auto: exact up to this m (8! deals), else simulate
	defaultTrials  = 100_000
	maxGridLineLen = 4096    // bytes of a grid line
	maxGridBytes   = 1 << 20 // bytes of a grid file
)

// GridError is a grid file line that cannot be read.
type GridError struct {
	Line int
	Msg  string
}

func (e *GridError) Error() string { return fmt.Sprintf("sweep: grid line %d: %s", e.Line, e.Msg) }

// ParseGrid reads a grid file: lines "key = value, value, …", # comments.
// Keys: strategies (names as cardflip knows them, or all), m (numbers and
// ranges A..B), players (numbers, ∞), model (table, turn), variant
// (standard, free, fixed, rearrange; default standard), method (exact,
// simulate or auto, the default: exact for m ≤ 8 and strategies without
// coins), trials (default 100000), seed (default 1).
//
// It reads at most 1 MiB, and lines of at most 4096 bytes, so any file,
// /dev/zero included, is at worst an error naming the line that is too long
// (or the line where the file passed 1 MiB).
func ParseGrid(r io.Reader) (CardflipSpec, error) {
	s := CardflipSpec{Method: "auto", Trials: defaultTrials, Seed: 1}
	seen := map[string]int{}
	data, err := io.ReadAll(io.LimitReader(r, maxGridBytes+1))
	if err != nil {
		return s, err
	}
	lines := 1
	for rest := data; ; lines++ {
		l, next, more := bytes.Cut(rest, []byte{'\n'})
		if len(l) > maxGridLineLen {
			return s, &GridError{lines, fmt.Sprintf("the line is longer than %d bytes (a grid line is \"key = value, …\")", maxGridLineLen)}
		}
		if !more {
			break
		}
		rest = next
	}
	if len(data) > maxGridBytes {
		return s, &GridError{lines, fmt.Sprintf("the grid file is longer than %d bytes (1 MiB)", maxGridBytes)}
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1024), maxGridLineLen+1)
	line := 0
	for sc.Scan() {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		key, val, ok := strings.Cut(text, "=")
		if !ok {
			return s, &GridError{line, fmt.Sprintf("want \"key = value, …\", got %q", text)}
		}
		key = strings.ToLower(strings.TrimSpace(key))
		if prev, dup := seen[key]; dup {
			return s, &GridError{line, fmt.Sprintf("%s given twice (first on line %d)", key, prev)}
		}
		seen[key] = line
		var items []string
		for _, it := range strings.Split(val, ",") {
			if it = strings.TrimSpace(it); it != "" {
				items = append(items, it)
			}
		}
		if len(items) == 0 {
			return s, &GridError{line, fmt.Sprintf("%s has no value", key)}
		}
		if err := s.set(key, items, line); err != nil {
			return s, err
		}
	}
	if err := sc.Err(); err != nil {
		return s, &GridError{line + 1, err.Error()}
	}
	for _, k := range []string{"strategies", "m", "players", "model"} {
		if _, ok := seen[k]; !ok && !(k == "strategies" && seen["strategy"] > 0) && !(k == "model" && seen["models"] > 0) {
			return s, &GridError{line, fmt.Sprintf("the grid has no %s line", k)}
		}
	}
	if len(s.Variants) == 0 {
		s.Variants = []string{cardflip.Standard.String()}
	}
	if _, err := newCardflipTask(s); err != nil {
		return s, &GridError{line, strings.TrimPrefix(err.Error(), "sweep: ")}
	}
	return s, nil
}

// set reads one "key = items" line of a grid file into s.
func (s *CardflipSpec) set(key string, items []string, line int) error {
	one := func() (string, error) {
		if len(items) != 1 {
			return "", &GridError{line, fmt.Sprintf("%s takes one value, got %d", key, len(items))}
		}
		return items[0], nil
	}
	switch key {
	case "strategies", "strategy":
		for _, it := range items {
			if it == "all" {
				for _, st := range cardflip.Strategies() {
					s.Strategies = append(s.Strategies, st.Info().Name)
				}
				continue
			}
			st, err := cardflip.Lookup(it)
			if err != nil {
				return &GridError{line, strings.TrimPrefix(err.Error(), "cardflip: ")}
			}
			s.Strategies = append(s.Strategies, st.Info().Name)
		}
	case "m":
		for _, it := range items {
			from, to, err := cardflip.ParseMRange(it)
			if err != nil || to > MaxGridM {
				return &GridError{line, fmt.Sprintf("m: %q is not a deck size or range A..B within 1..%d", it, MaxGridM)}
			}
			for m := from; m <= to; m++ {
				s.M = append(s.M, m)
			}
		}
	case "players":
		for _, it := range items {
			n, err := cardflip.ParsePlayers(it)
			if err != nil {
				return &GridError{line, "players " + err.(*cardflip.OptionError).Message()}
			}
			s.Players = append(s.Players, n)
		}
	case "model", "models":
		for _, it := range items {
			m, err := cardflip.ParseModel(it)
			if err != nil {
				return &GridError{line, "model " + err.(*cardflip.OptionError).Message()}
			}
			s.Models = append(s.Models, modelWord(m))
		}
	case "variant", "variants":
		for _, it := range items {
			v, err := cardflip.ParseVariant(it)
			if err != nil {
				return &GridError{line, "variant " + err.(*cardflip.OptionError).Message()}
			}
			s.Variants = append(s.Variants, v.String())
		}
	case "method":
		v, err := one()
		if err != nil {
			return err
		}
		if v != "exact" && v != "simulate" && v != "auto" {
			return &GridError{line, fmt.Sprintf("method must be exact, simulate or auto, not %q", v)}
		}
		s.Method = v
	case "trials":
		v, err := one()
		if err != nil {
			return err
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 || n > MaxGridTrials {
			return &GridError{line, fmt.Sprintf("trials must be 1..%d, not %q", MaxGridTrials, v)}
		}
		s.Trials = n
	case "seed":
		v, err := one()
		if err != nil {
			return err
		}
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return &GridError{line, fmt.Sprintf("seed must be a whole number ≥ 0, not %q", v)}
		}
		s.Seed = n
	default:
		return &GridError{line, fmt.Sprintf("unknown key %q (strategies, m, players, model, variant, method, trials, seed)", key)}
	}
	return nil
}

func modelWord(m cardflip.Model) string {
	if m == cardflip.TurnNumber {
		return "turn"
	}
	return "table"
}

// CardflipRow is one grid point's result: a line of results.csv and
// results.jsonl. Skipped says why a point was not evaluated (a strategy
// the rules do not allow); Fraction is E[X] in lowest terms (exact only).
type CardflipRow struct {
	Strategy string  `json:"strategy"`
	M        int     `json:"m"`
	Players  string  `json:"players"`
	Model    string  `json:"model"`
	Variant  string  `json:"variant"`
	Method   string  `json:"method"`
	Games    int64   `json:"games"`
	Mean     float64 `json:"mean"`
	StdErr   float64 `json:"stderr"`
	Fraction string  `json:"fraction,omitempty"`
	Min      int     `json:"min"`
	Max      int     `json:"max"`
	Skipped  string  `json:"skipped,omitempty"`
	Seconds  float64 `json:"seconds"`
}

type gridPoint struct {
	strategy cardflip.Strategy
	m        int
	rules    cardflip.Rules
	exact    bool
}

type cardflipTask struct {
	spec   CardflipSpec
	points []gridPoint
}

func newCardflipTask(s CardflipSpec) (*cardflipTask, error) {
	t := &cardflipTask{spec: s}
	if len(s.Strategies) == 0 || len(s.M) == 0 || len(s.Players) == 0 || len(s.Models) == 0 || len(s.Variants) == 0 {
		return nil, fmt.Errorf("sweep: a card-flip grid needs strategies, m, players, model and variant")
	}
	if n := len(s.Strategies) * len(s.M) * len(s.Players) * len(s.Models) * len(s.Variants); n > MaxGridPoints {
		return nil, fmt.Errorf("sweep: the grid has %d points, more than %d", n, MaxGridPoints)
	}
	if s.Trials < 1 || s.Trials > MaxGridTrials {
		return nil, fmt.Errorf("sweep: trials must be 1..%d, not %d", MaxGridTrials, s.Trials)
	}
	var games int64
	for _, name := range s.Strategies {
		st, err := cardflip.Lookup(name)
		if err != nil {
			return nil, err
		}
		for _, m := range s.M {
			if m < 1 || m > MaxGridM {
				return nil, fmt.Errorf("sweep: m must be 1..%d, not %d", MaxGridM, m)
			}
			for _, n := range s.Players {
				for _, mw := range s.Models {
					model, err := cardflip.ParseModel(mw)
					if err != nil {
						return nil, err
					}
					for _, vw := range s.Variants {
						v, err := cardflip.ParseVariant(vw)
						if err != nil {
							return nil, err
						}
						p := gridPoint{strategy: st, m: m, rules: cardflip.Rules{Players: n, Model: model, Variant: v}}
						switch s.Method {
						case "exact":
							if err := cardflip.CheckExact(st, m); err != nil {
								return nil, err
							}
							p.exact = true
						case "auto":
							p.exact = m <= AutoExactMaxM && cardflip.CheckExact(st, m) == nil
						case "simulate":
						default:
							return nil, fmt.Errorf("sweep: method must be exact, simulate or auto, not %q", s.Method)
						}
						if !p.exact {
							games += s.Trials
						}
						t.points = append(t.points, p)
					}
				}
			}
		}
	}
	if games > MaxGridGames {
		return nil, fmt.Errorf("sweep: the grid simulates %d games, more than %d (fewer trials or points)", games, int64(MaxGridGames))
	}
	return t, nil
}

func (t *cardflipTask) units() int       { return len(t.points) }
func (t *cardflipTask) key(i int) string { return fmt.Sprintf("p%05d", i) }

// cardflipUnit is what a grid point's result depends on: the point, its
// strategy, m and rules, the method, and for a simulation the trials and
// the seed.
type cardflipUnit struct {
	Kind     string `json:"kind"`
	Point    int    `json:"point"`
	Strategy string `json:"strategy"`
	M        int    `json:"m"`
	Players  string `json:"players"`
	Model    string `json:"model"`
	Variant  string `json:"variant"`
	Method   string `json:"method"`
	Trials   int64  `json:"trials,omitempty"`
	Seed     uint64 `json:"seed,omitempty"`
}

func (t *cardflipTask) unit(i int) any {
	p := t.points[i]
	u := cardflipUnit{Kind: "cardflip", Point: i, Strategy: p.strategy.Info().Name, M: p.m,
		Players: cardflip.FormatPlayers(p.rules.Players), Model: modelWord(p.rules.Model),
		Variant: p.rules.Variant.String(), Method: "exact"}
	if !p.exact {
		u.Method, u.Trials, u.Seed = "simulate", t.spec.Trials, t.spec.Seed
	}
	return u
}

func (t *cardflipTask) run(ctx context.Context, i int) ([]byte, error) {
	row, err := t.point(ctx, i)
	if err != nil {
		return nil, err
	}
	return json.Marshal(row)
}

// point evaluates one grid point on one goroutine (Workers: 1): the
// pipeline runs points in parallel.
func (t *cardflipTask) point(ctx context.Context, i int) (CardflipRow, error) {
	p := t.points[i]
	row := CardflipRow{Strategy: p.strategy.Info().Name, M: p.m, Players: cardflip.FormatPlayers(p.rules.Players),
		Model: modelWord(p.rules.Model), Variant: p.rules.Variant.String(), Method: "simulate"}
	if err := cardflip.Compatible(p.strategy, p.rules); err != nil {
		row.Method, row.Skipped = "", strings.TrimPrefix(err.Error(), "cardflip: ")
		return row, nil
	}
	start := time.Now()
	o := cardflip.Options{Rules: p.rules, Workers: 1}
	if p.exact {
		res, err := cardflip.Exact(ctx, p.strategy, p.m, o)
		if err != nil {
			return row, fmt.Errorf("sweep: card-flip point %d (%s, m = %d, %s): %w", i, row.Strategy, p.m, p.rules, err)
		}
		row.Method, row.Games, row.Min, row.Max = "exact", res.Games, res.Min, res.Max
		row.Mean, _ = res.Expectation.Float64()
		row.Fraction = res.Expectation.RatString()
	} else {
		st, err := cardflip.Simulate(ctx, p.strategy, p.m, t.spec.Trials, t.spec.Seed, o)
		if err != nil {
			return row, fmt.Errorf("sweep: card-flip point %d (%s, m = %d, %s): %w", i, row.Strategy, p.m, p.rules, err)
		}
		row.Games, row.Mean, row.StdErr, row.Min, row.Max = st.Games, st.Mean(), st.StdErr(), st.Min, st.Max
	}
	row.Seconds = time.Since(start).Seconds()
	return row, nil
}

func (t *cardflipTask) merge(ctx context.Context, st *store) (*Summary, error) {
	rows := make([]CardflipRow, len(t.points))
	sum := &Summary{}
	records := make([][]string, len(t.points))
	for i := range t.points {
		data, err := mergePart(ctx, st, t, i)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(data, &rows[i]); err != nil {
			return nil, fmt.Errorf("sweep: %s: %w", st.partPath(t.key(i)), err)
		}
		r := rows[i]
		sum.Seconds += r.Seconds
		records[i] = []string{r.Strategy, itoa(r.M), r.Players, r.Model, r.Variant, r.Method, strconv.FormatInt(r.Games, 10),
			strconv.FormatFloat(r.Mean, 'g', 12, 64), strconv.FormatFloat(r.StdErr, 'g', 6, 64), r.Fraction,
			itoa(r.Min), itoa(r.Max), r.Skipped, fmt.Sprintf("%.3f", r.Seconds)}
	}
	header := []string{"strategy", "m", "players", "model", "variant", "method", "games", "mean", "stderr", "fraction", "min", "max", "skipped", "seconds"}
	files, err := writeTable(ctx, st, "results", header, records, rows)
	if err != nil {
		return nil, err
	}
	sum.Files = files
	return sum, nil
}
