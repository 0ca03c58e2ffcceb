package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/internal/memguard"
	"github.com/grundy/grundy/misere"
)

func newMisereCmd(io *streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "misere",
		Short: "Misère theory: canonical forms, genus and misère quotients",
		Long: `Misère play (whoever makes the last move loses) of impartial games:

  form      the misère canonical form of a position (Conway's simplest form)
  genus     the genus g^(g0 g1 …) of a position (Winning Ways ch. 13)
  quotient  the misère quotient of a heap game, heap by heap (Plambeck–Siegel),
            or of some positions of any game (--position)
  solve     a sum of heaps answered by the quotient: outcome and a winning move
  census    the quotients of every octal code of some digits, resumable

See docs/misere.md for the notation and the theorems.`,
		Example: `  grundy misere form kayles 5
  grundy misere genus octal:0.312 4
  grundy misere quotient octal:0.75 --heaps 30
  grundy misere solve kayles 1000000 999999 123456`,
	}
	cmd.AddCommand(newMisereFormCmd(io, "form"), newMisereFormCmd(io, "genus"), newMisereQuotientCmd(io), newMisereSolveCmd(io), newMisereCensusCmd(io))
	return cmd
}

type misereFormOptions struct {
	game     string
	position string
	genus    bool
	json     bool
	budget   budgetFlags
}

// newMisereFormCmd returns `misere form` or `misere genus`: the same
// computation (the genus comes from the canonical form), printed with the
// form or the genus first.
func newMisereFormCmd(io *streams, name string) *cobra.Command {
	opts := &misereFormOptions{genus: name == "genus"}
	short, long := "The misère canonical form of a position", `Compute the misère canonical form of a position of a game: the simplest
game equal to it under misère play against every partner (Conway, ONAG
ch. 12), with its genus and misère outcome. A sum of components has the sum
of their forms.

Notation: 0, *, *2, … are nim heaps; *2# is the game whose only option is
*2; *(3,2) is the game with options *3 and *2 (it equals *2+*2).`
	example := `  grundy misere form kayles 5
  grundy misere form nim 2 2
  grundy misere form octal:0.312 4 --json`
	if opts.genus {
		short, long = "The genus of a position", `Compute the genus g^(g0 g1 g2 …) of a position: g is its normal-play
nim-value and g_n the misère nim-value of the position plus n copies of *2
(Conway, ONAG ch. 12; Winning Ways ch. 13). The superscript lists g0 … gk;
its last two digits repeat forever (0 has genus 0^120, *2 has 2^20).`
		example = `  grundy misere genus octal:0.312 4
  grundy misere genus nim 1 1 1
  grundy misere genus kayles 7 --json`
	}
	cmd := &cobra.Command{
		Use:     name + " GAME POSITION...",
		Short:   short,
		Long:    long,
		Example: example,
		Args:    minArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.game, opts.position = args[0], strings.Join(args[1:], " ")
			return misereFormRun(cmd, io, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"game","position","form","genus","tame","outcome","misere_value","normal_value","birthday"}`)
	opts.budget.add(cmd.Flags())
	return cmd
}

func misereFormRun(cmd *cobra.Command, io *streams, opts *misereFormOptions) error {
	job, err := opts.budget.open(cmd.Context(), opts.game, true)
	if err != nil {
		return err
	}
	defer job.stop()
	ctx, g, copts := job.ctx, job.game, job.opts
	res, err := g.SolveMisereForm(ctx, opts.position, copts)
	if err != nil {
		return misereError(err)
	}
	if opts.json {
		return jsonout.Write(io.out, res)
	}
	if opts.genus {
		_, err = fmt.Fprintf(io.out, "%s\n", res.Genus)
		if err == nil {
			_, err = fmt.Fprint(io.out, misereFormText(res))
		}
		return err
	}
	_, err = fmt.Fprint(io.out, misereFormText(res))
	return err
}

type misereQuotientOptions struct {
	game       string
	positions  []string
	heaps      int
	maxSize    int
	table      string
	checkpoint string
	progress   bool
	full       bool
	json       bool
	budget     budgetFlags
}

func newMisereQuotientCmd(io *streams) *cobra.Command {
	opts := &misereQuotientOptions{}
	cmd := &cobra.Command{
		Use:   "quotient GAME [--heaps N | --position P...]",
		Short: "The misère quotient of a heap game, or of positions of any game",
		Long: `Compute the misère quotient of a heap game (octal and hexadecimal codes,
subtraction games, Nim, Grundy's game, Starlark heap games), heap by heap: a
presentation (generators and relations), the P-portion, the elements and
the pretending function Φ mapping each heap to an element. A sum of heaps
is a misère P-position exactly when the product of the images of its heaps
is in the P-portion (Plambeck 2005; Plambeck–Siegel 2008).

Without --heaps, heaps are added until the periodicity theorem proves the
quotient for every heap size (take-and-break codes and finite subtraction
games: status "proved", with the heap where the proof holds), or a limit
stops the run; games without the theorem are computed to heap 20. With
--heaps N, the quotient of the heaps 0..N (status "computed", or "proved"
when the proof holds before N).

The quotient has no size limit but the memory budget (--max-memory): a run
that reaches it prints the quotient of the heaps reached, then says where
it stopped (heap, size) and why, and exits 2. --checkpoint FILE saves the
state after every heap and resumes from it; --table FILE writes the whole
multiplication table as JSON (a row a line), whatever its size.

With --position P (repeatable: one flag per position), the quotient of
those positions and their followers, for any game whose positions end
(Wythoff, coin-turning games, Starlark rule files, sums of heaps): every
position reachable from them, split into its components, gets its image,
and a sum of them is a misère P-position exactly when the product of the
images is in the P-portion (MisereSolver's general mode). Each position
asked is listed with its image and outcome.`,
		Example: `  grundy misere quotient octal:0.75
  grundy misere quotient octal:0.114 --json
  grundy misere quotient wythoff --position '3 4' --position '2 2'
  grundy misere quotient coins:mock-turtles --position HHTH --json
  grundy misere quotient kayles --heaps 20 --json
  grundy misere quotient octal:0.16 --max-memory 4GiB --checkpoint q016.ckpt --progress
  grundy misere quotient subtract:1,3,4 --table table.json`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.game = args[0]
			return misereQuotientRun(cmd, io, opts)
		},
	}
	cmd.Flags().StringArrayVar(&opts.positions, "position", nil, "the quotient of this position and its followers (repeat for several; not with --heaps)")
	cmd.Flags().IntVar(&opts.heaps, "heaps", -1, "the largest heap N (default: until proved; 20 for games without the periodicity theorem)")
	cmd.Flags().IntVar(&opts.maxSize, "max-size", 0, "stop past this many elements (0: no limit but --max-memory)")
	cmd.Flags().StringVar(&opts.table, "table", "", "write the multiplication table as JSON to this file (- for standard output)")
	cmd.Flags().StringVar(&opts.checkpoint, "checkpoint", "", "save the computation to this file after every heap, and resume from it")
	cmd.Flags().BoolVar(&opts.progress, "progress", false, "print each heap and the quotient's size on standard error")
	cmd.Flags().BoolVar(&opts.full, "full", false, "print every element, relation and image (the text output cuts lists at 64)")
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"game","heaps","computed","size","p_size","status","stop","generators","relations","elements","p_portion","pretending","period","grew","table"}; with --position, {"game","positions","closure","size","p_size","status","stop","generators","relations","elements","p_portion","pretending","table"}`)
	opts.budget.addWork(cmd.Flags(), 0, "stop past this many steps of work, sums enumerated and products formed (0: no limit); the same stop on any machine")
	return cmd
}

// maxQuotientHeaps bounds --heaps: the options of every heap are held.
const maxQuotientHeaps = misere.DefaultMaxHeaps

// textList is how many items the text output lists of each kind.
const textList = 64

func misereQuotientRun(cmd *cobra.Command, io *streams, opts *misereQuotientOptions) error {
	if opts.heaps < -1 || opts.heaps > maxQuotientHeaps {
		return usagef("--heaps must be in 0..%d, not %d", maxQuotientHeaps, opts.heaps)
	}
	if opts.maxSize < 0 {
		return usagef("--max-size must be at least 0, not %d", opts.maxSize)
	}
	if opts.budget.maxWork < 0 {
		return usagef("--max-work must be at least 0, not %d", opts.budget.maxWork)
	}
	if len(opts.positions) > 0 {
		if opts.heaps >= 0 {
			return usagef("--heaps and --position exclude each other: --heaps is for the heaps 0..N of a heap game, --position for the given positions and their followers")
		}
		return misereQuotientPositionsRun(cmd, io, opts)
	}
	job, err := opts.budget.open(cmd.Context(), opts.game, true)
	if err != nil {
		return err
	}
	defer job.stop()
	ctx, g, copts := job.ctx, job.game, job.opts
	s, progress := opts.settings(io, copts, "heap")
	q, done, qerr := g.ComputeMisereQuotient(ctx, opts.heaps, s, copts)
	progress.finish()
	defer done()
	qerr = opts.withCheckpoint(q, qerr, "heap")
	if q == nil {
		var ce *catalog.CapabilityError
		if errors.As(qerr, &ce) && !g.Info().Heap {
			return usageError{Err: fmt.Errorf("%w; --position P (repeatable) gives the quotient of some of its positions and their followers", qerr)}
		}
		return misereError(memguard.Cause(ctx, qerr))
	}
	res := catalog.MisereQuotient{Game: g.Info().Spec, Summary: q.Summary()}
	return opts.output(ctx, io, res, func(list int) string {
		text := res.Summary.Text(res.Game, list)
		if p := res.Period; res.Status == misere.Computed && p.Status == "observed" && p.Need > res.Heaps {
			text += fmt.Sprintf("  (the proof needs heaps up to %d: give --heaps %d, or leave --heaps out to add heaps until it holds)\n", p.Need, p.Need)
		}
		return text
	}, q, copts, qerr)
}

// output prints a quotient that was computed, whole or up to a stop: its
// JSON (res) or its text (lists cut at textList unless --full), then its
// table into --table, and last the error line of a stop (qerr).
func (opts *misereQuotientOptions) output(ctx context.Context, io *streams, res any, text func(list int) string, q *misere.Quotient, copts catalog.Options, qerr error) error {
	var err error
	if opts.json {
		err = jsonout.Write(io.out, res)
	} else {
		list := textList
		if opts.full {
			list = 0
		}
		_, err = fmt.Fprint(io.out, text(list))
	}
	if err != nil {
		return err
	}
	if opts.table != "" {
		if err := writeTable(ctx, io, q, opts.table, copts.Budget.MaxOutput); err != nil {
			return err
		}
	}
	if qerr != nil {
		var cn *checkpointNote
		if errors.As(qerr, &cn) {
			return withCheckpoint(misereError(memguard.Cause(ctx, cn.err)), cn.note)
		}
		return misereError(memguard.Cause(ctx, qerr))
	}
	return nil
}

// withCheckpoint adds to the stop of a checkpointed quotient (Ctrl-C,
// --timeout, a limit) where its checkpoint stands and how to go on.
func (opts *misereQuotientOptions) withCheckpoint(q *misere.Quotient, qerr error, unit string) error {
	var se *misere.StopError
	if opts.checkpoint == "" || q == nil || !errors.As(qerr, &se) {
		return qerr
	}
	held := fmt.Sprintf("the heaps 0..%d", q.Computed())
	if unit == "position" {
		held = fmt.Sprintf("the first %d positions of the closed set", q.Computed())
	}
	return withCheckpoint(qerr, fmt.Sprintf("the checkpoint %s holds %s: run the same command to resume", opts.checkpoint, held))
}

// settings are the quotient's settings from the flags; --progress reports
// each heap, or each position (unit), as it is added, and a terminal shows
// a progress bar (quotientProgress). A resumed run says where it resumes.
func (opts *misereQuotientOptions) settings(io *streams, copts catalog.Options, unit string) (misere.Settings, *quotientProgress) {
	s := misere.Settings{MaxSize: opts.maxSize, MaxWork: opts.budget.maxWork, Budget: copts.Budget, Checkpoint: opts.checkpoint}
	p := newQuotientProgress(io, unit, opts.heaps, io.tty && !opts.json && !opts.progress)
	s.Progress = func(n, size, pSize int) {
		if opts.progress {
			fmt.Fprintf(io.err, "%s %d: %d elements, %d in the P-portion\n", unit, n, size, pSize)
		}
		p.heap(n, size, pSize)
	}
	s.Candidate = p.candidate
	if opts.checkpoint != "" {
		s.Resumed = func(heaps int) {
			if heaps > 0 {
				fmt.Fprintf(io.err, "resuming at %s %d (the checkpoint %s holds the %ss 0..%d)\n", unit, heaps, opts.checkpoint, unit, heaps-1)
			}
			p.resumed(heaps)
		}
	}
	return s, p
}

// misereQuotientPositionsRun answers `misere quotient GAME --position P…`:
// the quotient of the positions and their followers.
func misereQuotientPositionsRun(cmd *cobra.Command, io *streams, opts *misereQuotientOptions) error {
	job, err := opts.budget.open(cmd.Context(), opts.game, true)
	if err != nil {
		return err
	}
	defer job.stop()
	ctx, g, copts := job.ctx, job.game, job.opts
	s, progress := opts.settings(io, copts, "position")
	p, qerr := g.ComputeMiserePositions(ctx, opts.positions, s, copts)
	progress.finish()
	if p == nil {
		return misereError(memguard.Cause(ctx, qerr))
	}
	qerr = opts.withCheckpoint(p.Quotient, qerr, "position")
	res := p.Result(ctx)
	return opts.output(ctx, io, res, func(list int) string { return miserePositionsText(res, list) }, p.Quotient, copts, qerr)
}

// miserePositionsText states a quotient of positions for the terminal:
// as misere.Summary.Text does a heap game's, lists cut at maxList items
// (0: no cut).
func miserePositionsText(r *catalog.MiserePositions, maxList int) string {
	var b strings.Builder
	claim := "exact for every sum of positions of the closed set"
	if r.Status == misere.Stopped {
		claim = fmt.Sprintf("STOPPED at position %d; exact for the %d positions before it, a closed set", r.Stop.Index, len(r.Pretending))
	}
	asked := "position given and its followers"
	if len(r.Positions) > 1 {
		asked = fmt.Sprintf("%d positions given and their followers", len(r.Positions))
	}
	fmt.Fprintf(&b, "%s: misère quotient of the %s (%s in all): %s, %d in the P-portion (%s).\n",
		r.Game, asked, plural(r.Closure, "position"), plural(r.Size, "element"), r.PSize, claim)
	cut := func(xs []string, sep string) string {
		if maxList > 0 && len(xs) > maxList {
			return strings.Join(xs[:maxList], sep) + fmt.Sprintf("%s… (%d more)", sep, len(xs)-maxList)
		}
		return strings.Join(xs, sep)
	}
	row := func(label, text string) { fmt.Fprintf(&b, "  %-11s %s\n", label, text) }
	for i, p := range r.Positions {
		if maxList > 0 && i == maxList {
			row("", fmt.Sprintf("… (%d more positions)", len(r.Positions)-maxList))
			break
		}
		if p.Image == "" {
			row("position", p.Position+": beyond the positions computed")
			continue
		}
		row("position", fmt.Sprintf("%s: image %s, misère outcome %s", p.Position, p.Image, p.Outcome))
	}
	// The image in plain words, once, under the positions that have one.
	row("", "(a position's image is the element of the quotient that stands for it: the product of its")
	row("", "components' images Φ; a sum is a misère P-position exactly when its image is in the P-portion)")
	var gens, phi []string
	for _, g := range r.Generators {
		gens = append(gens, fmt.Sprintf("%s = Φ(%s)", g.Name, g.Position))
	}
	for _, p := range r.Pretending {
		phi = append(phi, fmt.Sprintf("Φ(%s) = %s", p.Position, p.Image))
	}
	row("generators", orNone(cut(gens, ", ")))
	row("relations", orNone(cut(r.Relations, ", ")))
	row("P-portion", "{"+cut(r.PPortion, ", ")+"}")
	row("elements", cut(r.Elements, " "))
	row("pretending", cut(phi, ", "))
	if r.Stop != nil {
		row("stopped", r.Stop.Reason)
	}
	if r.Size <= 16 && r.Table != nil {
		b.WriteString(misere.TableText(r.Elements, r.PPortion, r.Table))
	}
	return b.String()
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// writeTable writes the quotient's multiplication table to path (- for
// standard output), within the output budget.
func writeTable(ctx context.Context, io *streams, q *misere.Quotient, path string, maxOut int64) error {
	if path == "-" {
		if maxOut > 0 && q.TableBytes() > maxOut {
			return &impartial.BudgetError{Limit: impartial.LimitOutput, Max: maxOut, What: fmt.Sprintf("the table of %d elements", q.Size()), Hint: "write it to a file: --table FILE"}
		}
		return q.WriteTable(ctx, io.out)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := q.WriteTable(ctx, f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// misereError adds to a quotient stopped by one of the misère commands'
// own limits (its size, the heaps) the flag to change; a work stop gets
// its hint as every limit does (limitHint). Its exit
// status is its kind's, as every error's (cliexit.Code).
func misereError(err error) error {
	switch impartial.LimitOf(err) {
	case impartial.LimitSize:
		return fmt.Errorf("%w (raise --max-size)", err)
	case impartial.LimitHeaps:
		return fmt.Errorf("%w (give --heaps to compute further unproved)", err)
	}
	return err
}

type misereSolveOptions struct {
	game     string
	position string
	json     bool
	budget   budgetFlags
}

func newMisereSolveCmd(io *streams) *cobra.Command {
	opts := &misereSolveOptions{}
	cmd := &cobra.Command{
		Use:   "solve GAME HEAPS...",
		Short: "A sum of heaps by the misère quotient: outcome and every winning move",
		Long: `Answer a sum of heaps of a heap game under misère play through its misère
quotient: the image of the sum (the element of the quotient that stands for
it, the product of its heaps' images, by its normal form), the outcome (P
when the image is in the P-portion) and every winning move (the first ten;
--json lists up to 100, and says "more" when there are others). The quotient is computed until the periodicity theorem proves
it for every heap (then heaps of any size are answered: a heap beyond the
heaps computed has the images of a heap a multiple of the period below),
or, for games without the theorem, to the largest heap of the sum. A sum of
ten thousand heaps is ten thousand lookups, far beyond search.`,
		Example: `  grundy misere solve kayles 1000000 999999 123456
  grundy misere solve octal:0.115 300 217 5 5 --json`,
		Args: minArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.game, opts.position = args[0], strings.Join(args[1:], " ")
			return misereSolveRun(cmd, io, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"game","heaps","image","outcome","move","moves","more","quotient"}`)
	opts.budget.add(cmd.Flags())
	return cmd
}

func misereSolveRun(cmd *cobra.Command, io *streams, opts *misereSolveOptions) error {
	job, err := opts.budget.open(cmd.Context(), opts.game, true)
	if err != nil {
		return err
	}
	defer job.stop()
	ctx, g, copts := job.ctx, job.game, job.opts
	res, err := g.SolveMisereSum(ctx, opts.position, misere.Settings{}, copts)
	if err != nil {
		return misereError(memguard.Cause(ctx, err))
	}
	if opts.json {
		return jsonout.Write(io.out, res)
	}
	_, err = fmt.Fprint(io.out, misereSolutionText(res))
	return err
}

type misereCensusOptions struct {
	digits   []int
	out      string
	maxHeaps int
	budget   budgetFlags
}

func newMisereCensusCmd(io *streams) *cobra.Command {
	opts := &misereCensusOptions{}
	cmd := &cobra.Command{
		Use:   "census --out DIR",
		Short: "The misère quotients of every octal code of some digits",
		Long: `Extend the misère quotient of every octal code 0.d1…dk (k in --digits) until
the periodicity theorem proves it or a limit stops it, and write a row per
code: code, heaps reached, order, P-portion size, status (proved; growing:
stopped while the quotient grew; budget: stopped with it unchanged over
the last quarter of the heaps reached), period, the heaps where it grew,
what stopped it and the work it took. Every code runs under the same
limits, counted in work (--max-work: sums enumerated and products formed),
heaps (--max-heaps) and memory (--max-memory), never in time, so the census
is the same on any machine.

Rows are kept in DIR/census.jsonl as they are found (the file replaced
atomically, each row with its own check): a census stopped at any point
resumes where it was. On resume a row is used if it is intact and holds
under this run's limits: a proved row always, a stopped one if its limits
were at least these (a row stopped by --max-work is computed again under a
larger one). A damaged row is dropped and its code computed again; the
other rows stay; each is said on standard error. One census at a time may
use DIR (DIR/census.lock). The rows so far are written to DIR/census.csv
and DIR/census.json after each new one.`,
		Example: `  nice -n 19 grundy misere census --digits 2,3 --out results/misere-census`,
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			return misereCensusRun(cmd, io, opts)
		},
	}
	cmd.Flags().IntSliceVar(&opts.digits, "digits", []int{2}, "the numbers of code digits (e.g. 2,3)")
	cmd.Flags().StringVar(&opts.out, "out", "", "the directory of the census (required)")
	cmd.Flags().IntVar(&opts.maxHeaps, "max-heaps", 1000, "the largest heap one code may reach")
	opts.budget.addWork(cmd.Flags(), 50_000_000, "the work one code may take")
	return cmd
}

func misereCensusRun(cmd *cobra.Command, io *streams, opts *misereCensusOptions) error {
	if opts.out == "" {
		return usagef("--out DIR is required")
	}
	var codes []string
	for _, k := range opts.digits {
		if k < 1 || k > 4 {
			return usagef("--digits must be in 1..4, not %d", k)
		}
		codes = append(codes, misere.OctalCodes(k)...)
	}
	if opts.budget.maxWork < 0 || opts.maxHeaps < 1 || opts.maxHeaps > maxQuotientHeaps {
		return usagef("--max-work must be at least 0 and --max-heaps in 1..%d", maxQuotientHeaps)
	}
	copts, err := opts.budget.options(true)
	if err != nil {
		return err
	}
	ctx, cancel := opts.budget.context(cmd.Context())
	defer cancel()
	s := misere.Settings{MaxWork: opts.budget.maxWork, MaxHeaps: opts.maxHeaps, Budget: copts.Budget}
	_, err = misere.Census(ctx, codes, s, opts.out, func(n misere.CensusNote) {
		r := n.Row
		how := ""
		switch {
		case n.Problem != "":
			fmt.Fprintf(io.err, "census.jsonl line %d: dropped (%s)\n", n.Line, n.Problem)
			return
		case n.Old:
			how = " (from the census file)"
		case n.Again != "":
			how = " (computed again: " + n.Again + ")"
		}
		fmt.Fprintf(io.err, "%s: %s to heap %d, %d elements, P %d%s\n", r.Code, r.Status, r.Heaps, r.Size, r.PSize, how)
	})
	return memguard.Cause(ctx, err)
}
