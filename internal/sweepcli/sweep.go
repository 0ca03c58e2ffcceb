// Package sweepcli is the command line of grundy sweep, shared by grundy's
// two programs: grundy runs every sweep on this machine (sweep.Local) and
// hands one that needs Beam (a --runner other than local, a gs:// DIR) to
// grundy-sweep (ErrHandoff), which runs the same commands with Beam's
// runners and file systems (Config.Beam). The flags, their checks, the
// progress and the summary are this package's, so both programs take the
// same command line and print the same words.
package sweepcli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/cliexit"
	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/sweep"
)

// Streams are a command's standard streams.
type Streams struct {
	In       io.Reader
	Out, Err io.Writer
}

// Config is what a program brings to the sweep commands.
type Config struct {
	// Beam runs the Beam runners and reaches remote directories; nil in
	// grundy, which links no Beam: a sweep that needs it returns
	// ErrHandoff, for grundy to start grundy-sweep with the same
	// arguments.
	Beam Beam
}

// Beam is grundy-sweep's side of the sweeps: Apache Beam's runners and
// file systems.
type Beam interface {
	// Executor returns the executor of a Beam runner (one of Runners but
	// local) with Beam's options (the arguments after --); log receives
	// the runner's log lines at warning level and above (nil: none).
	Executor(runner string, options []string, log *os.File) (sweep.Executor, error)
	// Remote reaches the directories that are URLs (gs://…).
	Remote() sweep.RemoteFS
}

// ErrHandoff is returned, before anything is written, by a sweep that
// needs Beam when Config.Beam is nil.
var ErrHandoff = errors.New("sweep: this sweep needs Apache Beam (a Beam runner, or a remote directory): run it with grundy-sweep")

// Runners are the values of --runner: local (sweep.Local, this process)
// and Beam's runners (prism, Beam's embedded runner; the portable runners;
// Dataflow). Beam exits the process for a runner it does not know, so the
// flag is checked first.
var Runners = []string{"local", "prism", "flink", "spark", "dataflow", "universal", "portable"}

func usagef(format string, args ...any) error { return cliexit.Usagef(format, args...) }

type usageError = cliexit.UsageError

// cmdName is the command as grundy names it ("sweep octal").
func cmdName(cmd *cobra.Command) string {
	return strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
}

// sweepOptions are the flags every sweep takes.
type sweepOptions struct {
	out    string
	runner string
	json   bool
	shard  string
	// progressEvery paces the progress lines printed when stderr is not
	// a terminal (0: a line at each unit done).
	progressEvery time.Duration
	flags         *pflag.FlagSet // the command's, to see which were given
	cfg           Config
	// checkpointEvery: the values between two saves of a long octal unit
	// (0: none).
	checkpointEvery int
	// maxMemory: the memory the octal units computing at once may hold
	// (--max-memory; "": the default, 0: no limit).
	maxMemory string
	named     bool     // out is the default name for the sweep
	beam      []string // Beam options, after --
}

func (o *sweepOptions) add(cmd *cobra.Command, cfg Config) {
	o.flags, o.cfg = cmd.Flags(), cfg
	cmd.Flags().StringVar(&o.shard, "shard", "", "compute only shard `i/N`: the units whose index is i mod N (0 ≤ i < N), into a directory of its own; join the shards with 'grundy sweep merge'")
	cmd.Flags().StringVar(&o.out, "out", "", "output `DIR` (default: a name for the sweep in the current directory); run the same command again to resume")
	cmd.Flags().StringVar(&o.runner, "runner", "local", "where the units run: local (this process, every core) or an Apache Beam runner (prism: Beam's embedded one; flink, spark, dataflow: a cluster), run by grundy-sweep; Beam options follow --")
	cmd.Flags().BoolVar(&o.json, "json", false, "print the summary as JSON")
	cmd.Flags().DurationVar(&o.progressEvery, "progress-every", time.Minute, "when stderr is a file (nohup, Slurm; or any non-terminal with this flag given), print a progress line every `D` (0: at each unit done)")
}

// New returns the sweep command, with its commands octal, bridge, cardflip
// and merge.
func New(io *Streams, cfg Config) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sweep",
		Short: "Many independent computations: every octal code, the bridge tally, card-flip grids",
		Long: `Run a sweep of independent computations: on every core of this machine by
default, or with an Apache Beam runner (--runner prism|flink|spark|dataflow,
Beam's options after --), which the program grundy-sweep runs: build it with
'go install -tags beam ./cmd/grundy-sweep'.

  octal     every octal code 0.d1…dk (k ≤ --digits): period, pre-period, status,
            checked against the published tables
  bridge    every multi-bridge layout for n, tallied by sequence, checked
            against the counting formula
  cardflip  a grid of card-flip strategies × m × players × model
  merge     join the shards of a sweep run with --shard i/N (a Slurm array,
            GNU parallel) into its results

Each finished unit is written at once to DIR/parts/; a stopped sweep run again
with the same command skips them. The results (CSV and JSON lines) and
summary.json are written to DIR when every unit is done. See docs/sweeps.md.`,
		Example: `  grundy sweep octal --digits 3 --to 100000
  grundy sweep bridge --n 4 --out bridge-n4
  grundy sweep cardflip --grid sweep/testdata/cardflip-grid.txt
  grundy sweep octal --digits 3 --to 100000 --runner flink -- --endpoint=localhost:8099 --environment_type=LOOPBACK`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("unknown command %q for \"grundy sweep\" (octal, bridge, cardflip or merge; see 'grundy sweep --help')", args[0])
			}
			return cmd.Help()
		},
	}
	cmd.AddCommand(newSweepOctalCmd(io, cfg), newSweepBridgeCmd(io, cfg), newSweepCardflipCmd(io, cfg), newSweepMergeCmd(io, cfg))
	return cmd
}

// beamArgs returns the arguments after --, which are Beam's options; any
// other argument is an error.
func beamArgs(cmd *cobra.Command, args []string) ([]string, error) {
	dash := cmd.ArgsLenAtDash()
	if dash < 0 {
		dash = len(args)
	}
	if dash > 0 {
		return nil, usagef("%s takes no arguments, got %q (Beam options go after --; see '%s --help')", cmdName(cmd), args[0], cmd.CommandPath())
	}
	return args[dash:], nil
}

type sweepOctalOptions struct {
	sweepOptions
	digits, to, plainTo int
	solvedTo            int
	maxWork             int64
	families, codes     []string
}

// defaultPlainTo is --plain-to's default: 2^16 values of a code the plain
// kernel computes are n²/4 ≈ 10^9 pairs (half a second for 0.007), as
// much work as 2^19 values of a sparse code (the period hunt's plainHunt).
const defaultPlainTo = 1 << 16

func newSweepOctalCmd(io *Streams, cfg Config) *cobra.Command {
	opts := &sweepOctalOptions{}
	cmd := &cobra.Command{
		Use:   "octal [--digits D] [--family F,…] [--codes C,…] [--to N] [--plain-to M] [-- BEAM OPTIONS]",
		Short: "The period of every octal code with up to D digits",
		Long: `Compute every octal code 0.d1…dk with k ≤ --digits (last digit non-zero: 7,
63, 511 codes for 1, 2, 3 digits) until its period is proved by the Guy–Smith
test or its budget is spent: G(0..N) (--to), and G(0..M) (--plain-to) for a
code whose values the plain O(n²) kernel computes (no sparse-space split
pays). The budget is work, never time: a code stops at the same heap on any
machine. --solved-to S lets a code the published tables list as solved go on
to G(0..S) until its period is proved. A code saves its values to
DIR/checkpoints every --checkpoint-every values, so a killed run resumes it
from there. A code holds about 6 bytes a value of --to; --max-memory bounds
what the codes computing at once hold (a code waits for room). Each code is
compared with the published tables (Winning Ways, Flammenkamp, Czajka's
octal-games).

--family chooses the codes: 0 (0.d1…dk, the default), 4 (4.0 and 4.d1…dk: a
move may also split a heap without removing a token), 0.0n7 (Flammenkamp's
family: remove exactly n tokens, leaving 0, 1 or 2 heaps, n = 1..25), or
several, comma-separated. --codes lists codes instead: octal codes, or
take-and-break codes in CGSuite's syntax written tb:CODE (tb:4!.0 is Grundy's
game), computed by the same kernels as grundy period tb:CODE; --max-work
bounds the options the plain kernel of a tb: code examines where it lists
partitions (codes leaving three heaps or more, modifiers, repeating digits).

Results: DIR/results.csv and results.jsonl, one line a code: code, computed_to,
max_value, rare (the sparse-space kernel's rare heaps), period, preperiod,
status (proved, found, none), stop (proved, to, plain_to, max_work, solved_to: what ended it),
seconds, and the published period, pre-period and check (agrees, disagrees,
unproved, open; unlisted: a code the tables list as unsolved proved here, and
the plain kernel's values prove it too, a period the tables consulted do not
give (not a claim that it is new); unconfirmed: the same past the plain
kernel's reach, 2^20 values). Codes that disagree are listed at the end.`,
		Example: `  grundy sweep octal --digits 2 --to 10000
  grundy sweep octal --digits 3 --to 25000000 --out octal-d3
  grundy sweep octal --digits 3 --family 4 --to 100000
  grundy sweep octal --codes 0.16,0.56,0.376 --to 5000000
  grundy sweep octal --codes tb:4!.0,tb:0.{2+} --to 100000
  grundy sweep octal --digits 3 --to 100000 --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.beam, err = beamArgs(cmd, args); err != nil {
				return err
			}
			if len(opts.codes) > 0 && (cmd.Flags().Changed("digits") || cmd.Flags().Changed("family")) {
				return usagef("--codes lists the codes: it does not go with --digits or --family")
			}
			if len(opts.codes) == 0 && (opts.digits < 1 || opts.digits > sweep.MaxOctalDigits) {
				return usagef("--digits must be 1..%d, not %d", sweep.MaxOctalDigits, opts.digits)
			}
			if opts.to < 1 || opts.to > sweep.MaxOctalTo {
				return usagef("--to must be 1..%d, not %d", sweep.MaxOctalTo, opts.to)
			}
			if opts.plainTo < 1 {
				return usagef("--plain-to must be at least 1, not %d (--plain-to %d: no separate cap)", opts.plainTo, opts.to)
			}
			for _, f := range opts.families {
				if !slices.Contains(sweep.OctalFamilies, f) {
					return usagef("--family: unknown family %q (%s)", f, strings.Join(sweep.OctalFamilies, ", "))
				}
			}
			if opts.maxWork < 1 {
				return usagef("--max-work must be at least 1, not %d", opts.maxWork)
			}
			var codes []string
			for _, list := range opts.codes {
				for _, c := range sweep.SplitCodes(list) {
					if _, _, err := sweep.ParseSweepCode(c); err != nil {
						return usagef("--codes: %v", err)
					}
					codes = append(codes, c)
				}
			}
			opts.codes = codes
			if opts.checkpointEvery < 0 {
				return usagef("--checkpoint-every must be at least 0, not %d", opts.checkpointEvery)
			}
			if opts.solvedTo < 0 || opts.solvedTo > sweep.MaxOctalTo {
				return usagef("--solved-to must be 0..%d, not %d", sweep.MaxOctalTo, opts.solvedTo)
			}
			spec := sweep.Spec{Kind: "octal", Octal: &sweep.OctalSpec{Digits: opts.digits, To: opts.to, PlainTo: opts.plainTo, Families: opts.families, SolvedTo: opts.solvedTo}}
			if len(opts.codes) > 0 {
				spec.Octal = &sweep.OctalSpec{To: opts.to, PlainTo: opts.plainTo, Codes: opts.codes, MaxWork: opts.maxWork, SolvedTo: opts.solvedTo}
			}
			if opts.out == "" {
				opts.out = octalOut(opts)
				opts.named = true
			}
			return sweepRun(cmd.Context(), io, &opts.sweepOptions, spec, "codes")
		},
	}
	cmd.Flags().IntVar(&opts.digits, "digits", 3, "codes with up to `D` digits after the point")
	cmd.Flags().IntVar(&opts.to, "to", 100_000, "compute each code to at most G(`N`)")
	cmd.Flags().IntVar(&opts.plainTo, "plain-to", defaultPlainTo, "compute a code the plain O(n²) kernel computes to at most G(`M`) (M ≥ --to: no separate cap)")
	cmd.Flags().IntVar(&opts.solvedTo, "solved-to", 0, "compute a code the published tables list as solved to at most G(`S`) until its period is proved (S ≤ --to: no more than --to), its plain kernel still capped at --plain-to")
	cmd.Flags().StringSliceVar(&opts.families, "family", nil, "the families of codes: 0, 4, 0.0n7, or several (default 0)")
	cmd.Flags().StringArrayVar(&opts.codes, "codes", nil, "the codes to sweep, comma-separated (instead of --digits and --family): octal codes, or take-and-break codes in CGSuite's syntax as tb:CODE (tb:4!.0)")
	cmd.Flags().IntVar(&opts.checkpointEvery, "checkpoint-every", sweep.DefaultCheckpointEvery, "a code saves its values to DIR/checkpoints every `K` values, and a killed run resumes it from there (0: no checkpoints; the results are the same)")
	cmd.Flags().StringVar(&opts.maxMemory, "max-memory", impartial.FormatBytes(sweep.DefaultMaxMemory), "the memory the codes computing at once may hold, about 6 bytes a value of --to each: a code waits for room, and a sweep with a code that alone needs more is refused (e.g. 2GiB; 0: no limit)")
	cmd.Flags().Int64Var(&opts.maxWork, "max-work", sweep.DefaultMaxWork, "a tb: code's plain kernel examines at most `W` options where it lists partitions (three heaps or more, modifiers, repeating digits)")
	opts.add(cmd, cfg)
	return cmd
}

// octalOut is an octal sweep's default directory: octal-d3-to100000 for
// the 0.ddd codes with the default plain cap, with the families, the
// count of codes listed and a plain cap other than the default in it.
func octalOut(opts *sweepOctalOptions) string {
	name := fmt.Sprintf("octal-d%d", opts.digits)
	switch {
	case len(opts.codes) > 0:
		name = fmt.Sprintf("octal-%dcodes", len(opts.codes))
	case len(opts.families) > 0 && !slices.Equal(opts.families, []string{"0"}):
		var fams []string
		for _, f := range sweep.OctalFamilies {
			if slices.Contains(opts.families, f) {
				fams = append(fams, f)
			}
		}
		name = fmt.Sprintf("octal-%s-d%d", strings.Join(fams, "+"), opts.digits)
	}
	name += fmt.Sprintf("-to%d", opts.to)
	if opts.plainTo != defaultPlainTo && opts.plainTo < opts.to {
		name += fmt.Sprintf("-plain%d", opts.plainTo)
	}
	if opts.solvedTo > opts.to {
		name += fmt.Sprintf("-solved%d", opts.solvedTo)
	}
	if opts.maxWork != sweep.DefaultMaxWork && slices.ContainsFunc(opts.codes, func(c string) bool { return strings.HasPrefix(c, "tb:") }) {
		name += fmt.Sprintf("-work%d", opts.maxWork)
	}
	return name
}

type sweepBridgeOptions struct {
	sweepOptions
	n, depth int
}

func newSweepBridgeCmd(io *Streams, cfg Config) *cobra.Command {
	opts := &sweepBridgeOptions{}
	cmd := &cobra.Command{
		Use:   "bridge [--n N] [-- BEAM OPTIONS]",
		Short: "Tally every multi-bridge layout for n by its sequence",
		Long: `Deal every layout of 4n cards among 2n players — (4n)!/2^(2n) of them,
8.2·10^10 for n = 4 — and tally them by sequence, each layout's sequence
given by the editorial's characterization. Only the layouts with card 4n at
position 1 are dealt (a 2n-th): rotating a layout moves its sequence
(complemented for odd shifts). The work is cut into shards by the holders of
the next --depth cards.

The tally is checked against the counting formula (grundy bridge count) for
every one of the 3^(2n) sequences and against (4n)!/2^(2n) in total. Results:
DIR/tally.csv and tally.jsonl (sequence, count, formula, agree), and
summary.json with the SHA-256 of tally.csv.`,
		Example: `  grundy sweep bridge --n 3
  nice -n 19 grundy sweep bridge --n 4 --out bridge-n4
  grundy sweep bridge --n 4 --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.beam, err = beamArgs(cmd, args); err != nil {
				return err
			}
			if opts.n < 1 || opts.n > 4 {
				return usagef("--n must be 1..4 (n = 5 would be 2.4·10^14 layouts), not %d", opts.n)
			}
			if !cmd.Flags().Changed("depth") {
				opts.depth = sweep.DefaultBridgeDepth(opts.n)
			}
			if maxD := min(4, 4*opts.n-1); opts.depth < 0 || opts.depth > maxD {
				return usagef("--depth must be 0..%d for n = %d, not %d", maxD, opts.n, opts.depth)
			}
			if opts.out == "" {
				opts.out = fmt.Sprintf("bridge-n%d", opts.n)
				opts.named = true
			}
			spec := sweep.Spec{Kind: "bridge", Bridge: &sweep.BridgeSpec{N: opts.n, Depth: opts.depth}}
			return sweepRun(cmd.Context(), io, &opts.sweepOptions, spec, "shards")
		},
	}
	cmd.Flags().IntVar(&opts.n, "n", 4, "2n players, 4n cards")
	cmd.Flags().IntVar(&opts.depth, "depth", 0, "shard by the holders of the `D` cards below 4n (default 3 for n = 4)")
	opts.add(cmd, cfg)
	return cmd
}

type sweepCardflipOptions struct {
	sweepOptions
	grid string
}

func newSweepCardflipCmd(io *Streams, cfg Config) *cobra.Command {
	opts := &sweepCardflipOptions{}
	cmd := &cobra.Command{
		Use:   "cardflip --grid FILE [-- BEAM OPTIONS]",
		Short: "Evaluate a grid of card-flip strategies × m × players × model",
		Long: `Evaluate E[X] for every point of a grid read from FILE, lines "key = a, b, …":

  strategies = stacks, interval        (or all)
  m          = 1..8, 10                (numbers and ranges)
  players    = 1, 2, ∞
  model      = table, turn
  variant    = standard                (optional: standard, free, fixed, rearrange)
  method     = auto                    (exact, simulate, or auto: exact up to m = 8)
  trials     = 100000                  (simulated games a point)
  seed       = 1

Every combination is one point; a strategy the rules do not allow is listed
as skipped. Results: DIR/results.csv and results.jsonl.`,
		Example: `  grundy sweep cardflip --grid sweep/testdata/cardflip-grid.txt
  grundy sweep cardflip --grid grid.txt --out grid-run --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.beam, err = beamArgs(cmd, args); err != nil {
				return err
			}
			if opts.grid == "" {
				return usagef("sweep cardflip needs --grid FILE (see 'grundy sweep cardflip --help')")
			}
			f, err := os.Open(opts.grid)
			if err != nil {
				return usagef("--grid: %v", err)
			}
			// Read as a stream: ParseGrid bounds the lines and the file
			// (--grid /dev/zero read 4 GB, then ran out of memory).
			spec, err := sweep.ParseGrid(f)
			f.Close()
			if err != nil {
				return usagef("%s: %v", opts.grid, strings.TrimPrefix(err.Error(), "sweep: "))
			}
			if opts.out == "" {
				opts.out = "cardflip-" + strings.TrimSuffix(filepath.Base(opts.grid), filepath.Ext(opts.grid))
				opts.named = true
			}
			return sweepRun(cmd.Context(), io, &opts.sweepOptions, sweep.Spec{Kind: "cardflip", Cardflip: &spec}, "points")
		},
	}
	cmd.Flags().StringVar(&opts.grid, "grid", "", "the grid `FILE`")
	opts.add(cmd, cfg)
	return cmd
}

// executor sets o's executor and remote store for --runner, or returns
// ErrHandoff for a sweep that needs Beam where the program has none. Beam's
// options go with a Beam runner only.
func (opts *sweepOptions) executor(o *sweep.Options, log *os.File) error {
	if !slices.Contains(Runners, opts.runner) {
		return usagef("--runner: unknown runner %q (%s)", opts.runner, strings.Join(Runners, ", "))
	}
	if opts.runner == "local" && len(opts.beam) > 0 {
		return usagef("Beam options (after --, here %q) go with a Beam runner (--runner prism, flink, spark or dataflow), not the local one", opts.beam[0])
	}
	if opts.runner == "local" && !sweep.IsRemote(opts.out) {
		o.Executor = sweep.Local{}
		return nil
	}
	if opts.cfg.Beam == nil {
		return ErrHandoff
	}
	o.Remote = opts.cfg.Beam.Remote()
	if opts.runner == "local" {
		o.Executor = sweep.Local{}
		return nil
	}
	exec, err := opts.cfg.Beam.Executor(opts.runner, opts.beam, log)
	if err != nil {
		return err
	}
	o.Executor = exec
	return nil
}

// interruptedError is a sweep stopped by Ctrl-C or SIGTERM: exit 130, the
// parts done so far kept.
type interruptedError struct {
	msg string
	be  *impartial.BudgetError
}

func (e *interruptedError) Error() string { return e.msg }
func (e *interruptedError) Unwrap() error { return e.be }

func sweepRun(ctx context.Context, io *Streams, opts *sweepOptions, spec sweep.Spec, unitWord string) error {
	if opts.shard != "" {
		sh, err := sweep.ParseShard(opts.shard)
		if err != nil {
			return usagef("--shard: %s", strings.TrimPrefix(err.Error(), "sweep: "))
		}
		spec.Shard = &sh
		if opts.named {
			opts.out += fmt.Sprintf("-shard%d-of%d", sh.Index, sh.Count)
		}
	}
	o := sweep.Options{Out: opts.out,
		Warn: func(msg string) { fmt.Fprintln(io.Err, "grundy: warning: "+msg) }, CheckpointEvery: -1}
	if opts.checkpointEvery > 0 {
		o.CheckpointEvery = opts.checkpointEvery
	}
	if opts.maxMemory != "" {
		mem, err := impartial.ParseBytes(opts.maxMemory)
		if err != nil {
			return usagef("--max-memory: %v", err)
		}
		o.MaxMemory = mem
		if mem == 0 {
			o.MaxMemory = -1
		}
	}
	if opts.progressEvery < 0 {
		return usagef("--progress-every must be at least 0, not %s", opts.progressEvery)
	}
	var log *os.File
	if f, ok := io.Err.(*os.File); ok {
		log = f
	}
	if err := opts.executor(&o, log); err != nil {
		return err
	}
	if f := log; f != nil {
		switch {
		case opts.runner != "local" && opts.runner != "prism", sweep.IsRemote(opts.out):
			// A cluster's progress is its runner's to show.
		case term.IsTerminal(int(f.Fd())):
			p := &sweepProgress{io: io, what: unitWord}
			o.Progress = p.report
			defer p.finish()
		case logFile(f) || opts.flags != nil && opts.flags.Changed("progress-every"):
			// A log (nohup, a Slurm job's output file), or asked for: plain
			// lines, paced by the clock, which only decides when a line is
			// printed. A pipe gets none unless asked (a harness reading
			// the output, as the docs' examples do).
			p := &plainProgress{w: f, what: unitWord, every: opts.progressEvery, now: time.Now}
			o.Progress = p.report
		}
	}
	start := time.Now()
	sum, err := sweep.Run(ctx, spec, o)
	if err != nil {
		var ue *sweep.UsageError
		switch {
		case ctx.Err() != nil:
			return &interruptedError{
				msg: fmt.Sprintf("sweep interrupted; the finished %s are kept in %s: run the same command again to resume", unitWord, opts.out),
				be:  &impartial.BudgetError{Limit: impartial.LimitCanceled, Err: ctx.Err()},
			}
		case errors.As(err, &ue):
			return usageError{Err: err}
		}
		return err
	}
	return printSummary(io, opts.json, opts.out, time.Since(start), sum, unitWord)
}

// unitWords names a sweep's units.
var unitWords = map[string]string{"octal": "codes", "bridge": "shards", "cardflip": "points"}

// printSummary prints what a sweep or a merge did, and fails if a result
// disagrees with its independent check.
func printSummary(io *Streams, asJSON bool, dir string, elapsed time.Duration, sum *sweep.Summary, unitWord string) error {
	if asJSON {
		return jsonout.Write(io.Out, struct {
			Dir     string  `json:"dir"`
			Elapsed float64 `json:"elapsed_seconds"`
			*sweep.Summary
		}{dir, elapsed.Seconds(), sum})
	}
	w := io.Out
	if sum.Shard != "" {
		fmt.Fprintf(w, "%s sweep, shard %s: %d %s in %s (%.1f s)\n", sum.Kind, sum.Shard, sum.Units, unitWord, dir, elapsed.Seconds())
		fmt.Fprintln(w, "files: none (a shard's results are its parts: join the shards with 'grundy sweep merge --out DIR SHARD-DIR…')")
		return nil
	}
	fmt.Fprintf(w, "%s sweep: %d %s in %s (%.1f s; the units' times add up to %.1f s over all runs)\n",
		sum.Kind, sum.Units, unitWord, dir, elapsed.Seconds(), sum.Seconds)
	switch sum.Kind {
	case "octal":
		fmt.Fprintf(w, "status: %d proved, %d found, %d none\n", sum.Proved, sum.Found, sum.None)
		fmt.Fprintf(w, "stopped by the budget: %d at --to, %d at --plain-to", sum.StopTo, sum.StopPlainTo)
		if sum.StopMaxWork > 0 {
			fmt.Fprintf(w, ", %d at --max-work", sum.StopMaxWork)
		}
		if sum.StopSolvedTo > 0 {
			fmt.Fprintf(w, ", %d at --solved-to", sum.StopSolvedTo)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "published periods: %d codes, %d reproduced here\n", sum.Published, sum.Agree)
		if len(sum.Unlisted) > 0 {
			fmt.Fprintf(w, "listed unsolved, proved here (unlisted): %s\n", strings.Join(sum.Unlisted, " "))
		}
		if len(sum.Unconfirmed) > 0 {
			fmt.Fprintf(w, "listed unsolved, proved here past the plain kernel's check (unconfirmed): %s\n", strings.Join(sum.Unconfirmed, " "))
		}
		if len(sum.Disagree) == 0 {
			fmt.Fprintln(w, "disagreeing with a published result: none")
		} else {
			fmt.Fprintf(w, "disagreeing with a published result: %s\n", strings.Join(sum.Disagree, " "))
		}
	case "bridge":
		fmt.Fprintf(w, "layouts: %d, sequences seen: %d, counts differing from the formula: %d\n", sum.Layouts, sum.Sequences, sum.Mismatches)
		fmt.Fprintf(w, "sha256 of tally.csv: %s\n", sum.SHA256)
	}
	fmt.Fprintf(w, "files: %s\n", strings.Join(sum.Files, " "))
	if sum.Mismatches > 0 || len(sum.Disagree) > 0 {
		return fmt.Errorf("sweep: %d results disagree with the independent check (see %s)", sum.Mismatches+len(sum.Disagree), filepath.Join(dir, sum.Files[0]))
	}
	return nil
}

type sweepMergeOptions struct {
	out  string
	json bool
}

func newSweepMergeCmd(io *Streams, cfg Config) *cobra.Command {
	opts := &sweepMergeOptions{}
	cmd := &cobra.Command{
		Use:   "merge --out DIR SHARD-DIR…",
		Short: "Join the shards of a sweep (--shard i/N) into its results",
		Long: `Gather the parts of the shard directories (runs of one sweep with --shard i/N,
or without it) into DIR and write the sweep's results there, as the last step of
a sweep does. Every directory must hold the same sweep, and every unit of the
sweep must be present, and valid, exactly once: the missing units are named
by key, with the shard that should have computed them.`,
		Example: `  grundy sweep octal --digits 3 --to 25000000 --shard 0/4 --out s0   # … to --shard 3/4
  grundy sweep merge --out octal-d3 s0 s1 s2 s3`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.out == "" {
				return usagef("sweep merge needs --out DIR, where the results go")
			}
			if len(args) == 0 {
				return usagef("sweep merge needs the shards' directories (see 'grundy sweep merge --help')")
			}
			var remote sweep.RemoteFS
			if slices.ContainsFunc(append([]string{opts.out}, args...), sweep.IsRemote) {
				if cfg.Beam == nil {
					return ErrHandoff
				}
				remote = cfg.Beam.Remote()
			}
			start := time.Now()
			sum, err := sweep.Merge(cmd.Context(), args, opts.out, remote)
			if err != nil {
				var ue *sweep.UsageError
				var me *sweep.MergeError
				if errors.As(err, &ue) || errors.As(err, &me) {
					return usageError{Err: err}
				}
				return err
			}
			return printSummary(io, opts.json, opts.out, time.Since(start), sum, unitWords[sum.Kind])
		},
	}
	cmd.Flags().StringVar(&opts.out, "out", "", "the `DIR` the results go to (the parts are copied there)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the summary as JSON")
	return cmd
}
