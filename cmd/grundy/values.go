package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/checkpoint"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/octal"
)

type valuesOptions struct {
	game       string
	from       int
	fromSet    bool
	to         int
	tail       int
	table      int
	json       bool
	checkpoint string
	// commitEvery is the least time between two checkpoint commits (a
	// hidden flag: tests commit after every chunk).
	commitEvery time.Duration
	budget      budgetFlags
}

func newValuesCmd(io *streams) *cobra.Command {
	opts := &valuesOptions{}
	cmd := &cobra.Command{
		Use:   "values GAME --to N",
		Short: "List the nim-sequence G(0..N) of a heap game",
		Long: `List the normal-play nim-values of single heaps (or rows) of a heap game,
one line "n<TAB>G(n)" per heap size from the game's first index to N.

Values are printed as they are computed. When the run finishes, one line on
stderr gives the checksum of the sequence, then how it was computed:

  sha256:<64 hex digits> = SHA-256 of G(0..N) as 8-byte little-endian integers, not of the text [kernel, memory]

The checksum is the SHA-256 of the values as 8-byte little-endian unsigned
integers (not sha256sum of the printed text), so two runs (or two programs)
can be compared; with --json it is the "checksum" key instead:

  {"game":"nim","start":0,"values":[0,1,2,3],"checksum":"sha256:…"}

If the run stops early (--timeout, a budget, Ctrl-C, a failed checkpoint),
stdout still ends cleanly: text after its last whole line, and --json with
one complete JSON document holding the values computed so far and "error"
(the message printed on stderr after "grundy: ") instead of "checksum",
which only a complete run has:

  {"game":"grundy","start":0,"values":[0,0,0,1,…],"error":"search canceled"}

The exit status is then 2 if a budget or --timeout stopped the run, 1 if
something failed (a checkpoint, a write), 130 when interrupted. Errors in the
command line itself (exit 2) print nothing on stdout.

--from A lists the window G(A..N) only (the checksum is then that of the
window). Take-and-break games value any heap up to 2^62 once their period
is proved, without computing the values the period gives:

  grundy values kayles --from 99999999999990 --to 99999999999999

--tail N bounds memory for record runs of take-and-break games: only the
first N values and a window of the last N are kept (about 4·N bytes), so
memory stays flat however far the run goes. The output is the same as
without it; if the kernel ever needs a value outside the prefix and the
window, the run stops with an error naming it (raise N) rather than print
a wrong value.

With --checkpoint DIR the values are also written to DIR as they come
(committed about once a second, atomically, with their checksum). If the run
is killed, the same command resumes from the last commit and prints exactly
what an uninterrupted run prints. One run at a time may use a checkpoint
directory: another is refused while it runs. A progress bar with values/s shows on
stderr whenever stderr is a terminal (not with --json), also when stdout goes
to a file or a pipe.`,
		Example: `  grundy values subtract:1,3,4 --to 20
  grundy values nim --to 5 --json
  grundy values wythoff --table 10
  grundy values kayles --to 10000000 > kayles.txt
  grundy values kayles --from 1000000000000 --to 1000000000011
  grundy values octal:0.167 --to 100000000 --tail 1048576 > 167.txt
  grundy values grundy --to 1000000 --checkpoint ./grundy.ckpt > grundy.txt`,
		Args: valuesArgs("values"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.game = args[0]
			if cmd.Flags().Changed("table") {
				return valuesTable(cmd, io, opts)
			}
			if !cmd.Flags().Changed("to") {
				return usagef("values needs --to N (the last heap size to list)")
			}
			opts.fromSet = cmd.Flags().Changed("from")
			return valuesRun(cmd, io, opts)
		},
	}
	countVar(cmd.Flags(), &opts.to, "to", 0, "the last heap size to list (required)")
	countVar(cmd.Flags(), &opts.from, "from", 0, "the first heap size to list (default: the game's first)")
	cmd.Flags().IntVar(&opts.tail, "tail", 0, "take-and-break games: keep only the first N values and the last N (bounded memory; same output)")
	cmd.Flags().IntVar(&opts.table, "table", 0, "two-heap games (wythoff): print the N×N table of G(a, b) instead")
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"game":…,"start":…,"values":[…],"checksum":…} ("error" instead of "checksum" if the run stops early)`)
	cmd.Flags().StringVar(&opts.checkpoint, "checkpoint", "", "keep the sequence in this directory and resume from it after an interruption")
	cmd.Flags().DurationVar(&opts.commitEvery, "checkpoint-every", time.Second, "least time between two checkpoint commits")
	_ = cmd.Flags().MarkHidden("checkpoint-every")
	opts.budget.add(cmd.Flags())
	return cmd
}

// seqPrinter writes a sequence as it comes, in text or JSON, and its checksum.
// Its output is always whole: text ends after a complete line, and JSON is
// closed as one document by finish (a complete run: "checksum") or by fail
// (a run that stopped: "error", no "checksum").
type seqPrinter struct {
	w     *bufio.Writer
	json  bool
	n     int // next index
	first bool
	sum   *checkpoint.Sum
	buf   []byte
}

func newSeqPrinter(out io.Writer, asJSON bool, game string, start int) *seqPrinter {
	p := &seqPrinter{w: bufio.NewWriterSize(out, 1<<16), json: asJSON, n: start, first: true, sum: checkpoint.NewSum()}
	if asJSON {
		fmt.Fprintf(p.w, `{"game":%s,"start":%d,"values":[`, jsonString(game), start)
	}
	return p
}

// jsonString encodes s as jsonout does (no HTML escaping), so that the
// streamed document equals jsonout.Write of a catalog.Sequence.
func jsonString(s string) []byte {
	var b bytes.Buffer
	jsonout.Write(&b, s)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func (p *seqPrinter) add(vals []impartial.Nimber) {
	for _, v := range vals {
		p.sum.Add(uint64(v))
		b := p.buf[:0]
		if p.json {
			if !p.first {
				b = append(b, ',')
			}
			b = strconv.AppendUint(b, uint64(v), 10)
		} else {
			b = strconv.AppendInt(b, int64(p.n), 10)
			b = append(b, '\t')
			b = strconv.AppendUint(b, uint64(v), 10)
			b = append(b, '\n')
		}
		p.w.Write(b)
		p.buf = b
		p.first = false
		p.n++
	}
}

// finish closes the output of a complete run.
func (p *seqPrinter) finish() error {
	if p.json {
		fmt.Fprintf(p.w, `],"checksum":%q}`+"\n", p.sum.String())
	}
	return p.w.Flush()
}

// fail closes the output of a run that stopped with the error msg: the
// values printed so far stay, and JSON gets "error" instead of "checksum",
// so that a partial run cannot pass for a complete one.
func (p *seqPrinter) fail(msg string) error {
	if p.json {
		fmt.Fprintf(p.w, `],"error":%s}`+"\n", jsonString(msg))
	}
	return p.w.Flush()
}

func valuesRun(cmd *cobra.Command, io *streams, opts *valuesOptions) error {
	job, err := opts.budget.open(cmd.Context(), opts.game, false)
	if err != nil {
		return err
	}
	defer job.stop()
	ctx, g, copts := job.ctx, job.game, job.opts
	info := g.Info()
	if !info.Heap && info.Table {
		return usagef("%s is a two-heap game: list its values with --table N", info.Spec)
	}
	if !info.Heap {
		return usagef("%s is not a heap game: values lists G(n) for games played on heaps or rows", info.Spec)
	}
	if opts.to < info.Start {
		return usagef("--to must be at least %d for %s, not %d", info.Start, info.Spec, opts.to)
	}
	start := info.Start
	if opts.fromSet {
		if opts.from < info.Start || opts.from > opts.to {
			return usagef("--from must be between %d and --to (%d) for %s, not %d", info.Start, opts.to, info.Spec, opts.from)
		}
		if opts.checkpoint != "" && opts.from != info.Start {
			return usagef("--from and --checkpoint do not go together (a checkpoint holds the sequence from %d)", info.Start)
		}
		start = opts.from
	}
	if opts.tail < 0 || opts.tail == 1 {
		// The first N values and the last N: N ≥ 2 (octal.Computer.SetTail).
		return usagef("--tail must be at least 2 (0: keep every value), not %d", opts.tail)
	}
	if opts.tail > 0 && !info.Periodic {
		return usagef("--tail is for take-and-break games (octal:, hex:, grundy, kayles, …), not %s", info.Spec)
	}

	// From here on the command line is accepted: whatever happens, stdout
	// gets whole output (one JSON document with --json).
	out := newSeqPrinter(io.out, opts.json, info.Spec, start)
	var bar *progressbar.ProgressBar
	how, err := streamValues(ctx, io, opts, g, copts, out, &bar)
	if err != nil {
		if bar != nil {
			bar.Clear()
		}
		out.fail(oneLine(err) + hint(err))
		return err
	}
	if bar != nil {
		bar.Finish()
	}
	if err := out.finish(); err != nil {
		return err
	}
	if !opts.json {
		fmt.Fprintf(io.err, "%s = SHA-256 of G(%d..%d) as 8-byte little-endian integers, not of the text%s\n", out.sum, start, opts.to, how)
	}
	return nil
}

// streamValues computes the values (resuming from --checkpoint) and hands
// them to out as they come. It returns how they were computed, for the
// checksum line.
func streamValues(ctx context.Context, io *streams, opts *valuesOptions, g *catalog.Game, copts catalog.Options, out *seqPrinter, barp **progressbar.ProgressBar) (string, error) {
	info := g.Info()
	from := info.Start
	if opts.fromSet {
		from = opts.from
	}
	total := opts.to - from + 1

	// Values already known from a checkpoint: counted here, replayed by
	// the sequence path (catalog.Game.StreamValues) and emitted as they were.
	// The checkpoint is bound to the game's content (a rule file's hash:
	// catalog.Game.Content), and opened read-only when it holds every value
	// asked for (from is then info.Start: --from and --checkpoint go
	// together only so).
	var ck *checkpoint.Checkpoint
	knownCount := 0
	if opts.checkpoint != "" {
		id := checkpoint.Identity{Game: info.Spec, Start: info.Start, Content: g.Content()}
		c, n, err := checkpoint.OpenFor(opts.checkpoint, id, int64(total))
		if err != nil {
			return "", err
		}
		ck, knownCount = c, int(min(n, int64(total)))
		defer ck.Close()
		switch {
		case knownCount == total:
			fmt.Fprintf(io.err, "replaying G(%d..%d) from the checkpoint %s (nothing left to compute)\n", from, opts.to, opts.checkpoint)
		case knownCount > 0:
			fmt.Fprintf(io.err, "resuming at n = %d (the checkpoint %s holds G(%d..%d))\n", from+knownCount, opts.checkpoint, from, from+knownCount-1)
		}
	}

	if io.tty && !opts.json && knownCount < total {
		// The bar counts the values computed in this run only, so that its
		// rate is this run's: replayed values are read, not computed.
		desc := "values"
		if knownCount > 0 {
			desc = fmt.Sprintf("values from n = %d", from+knownCount)
		}
		bar := progressbar.NewOptions64(int64(total-knownCount),
			progressbar.OptionSetWriter(io.err),
			progressbar.OptionSetDescription(desc),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("values"),
			progressbar.OptionShowCount(),
			progressbar.OptionThrottle(io.barThrottle()),
			progressbar.OptionClearOnFinish(),
		)
		*barp = bar
	}
	lastCommit := time.Now()
	emitted := 0 // values handed to out so far
	emit := func(vals []impartial.Nimber) error {
		out.add(vals)
		if ck != nil {
			for i, v := range vals {
				if emitted+i < knownCount {
					continue // already in the checkpoint
				}
				if err := ck.Append(uint64(v)); err != nil {
					return err
				}
			}
			if time.Since(lastCommit) >= opts.commitEvery {
				if err := ck.Commit(); err != nil {
					return err
				}
				lastCommit = time.Now()
			}
		}
		if *barp != nil {
			if fresh := emitted + len(vals) - max(emitted, knownCount); fresh > 0 {
				(*barp).Add(fresh)
			}
		}
		emitted += len(vals)
		return nil
	}
	how := ""
	describe := func(st *catalog.SequenceStats) {
		how = fmt.Sprintf(" [%s kernel", st.Kernel)
		if st.Rare > 0 {
			how += fmt.Sprintf(", %d rare heaps", st.Rare)
		}
		how += ", " + impartial.FormatBytes(st.Bytes) + "]"
	}
	r := catalog.ValueRange{From: from, To: opts.to, KnownCount: knownCount, Tail: opts.tail}
	if knownCount > 0 {
		r.Known = func(each func(uint64) error) error { return ck.Replay(int64(knownCount), each) }
	}
	st, err := g.StreamValues(ctx, r, copts, emit)
	var te *octal.TailError
	if errors.As(err, &te) {
		err = fmt.Errorf("%w (--tail %d is too small for this run)", err, opts.tail)
	}
	if err != nil && ck != nil {
		// Say where the checkpoint stands, once what was computed is
		// committed (Ctrl-C, --timeout, a budget).
		if cerr := ck.Close(); cerr != nil {
			return "", err
		}
		return "", withCheckpoint(err, checkpointStand(opts.checkpoint, from, ck.Count()))
	}
	if err != nil {
		return "", err
	}
	if st != nil {
		describe(st)
	}
	if ck != nil {
		// Before the output is closed, so that a failed commit is reported
		// in it.
		if err := ck.Close(); err != nil {
			return "", err
		}
	}
	return how, nil
}

// checkpointStand says how far a values checkpoint holds the sequence
// from start, and how to go on.
func checkpointStand(dir string, start int, n int64) string {
	if n == 0 {
		return fmt.Sprintf("the checkpoint %s holds no values yet", dir)
	}
	return fmt.Sprintf("the checkpoint %s holds G(%d..%d): run the same command to resume", dir, start, int64(start)+n-1)
}

// valuesTable prints the 2-D table of a two-heap game.
func valuesTable(cmd *cobra.Command, io *streams, opts *valuesOptions) error {
	job, err := opts.budget.open(cmd.Context(), opts.game, false)
	if err != nil {
		return err
	}
	defer job.stop()
	ctx, g, copts := job.ctx, job.game, job.opts
	if !g.Info().Table {
		return usagef("%s has no value table: --table is for two-heap games such as wythoff", g.Info().Spec)
	}
	if opts.table < 1 || opts.table > catalog.MaxTable {
		return usagef("--table must be between 1 and %d, not %d", catalog.MaxTable, opts.table)
	}
	t, err := g.ValueTable(ctx, opts.table, copts)
	if err != nil {
		return err
	}
	if opts.json {
		return jsonout.Write(io.out, t)
	}
	_, err = fmt.Fprint(io.out, tableText(t))
	return err
}

// tableText writes a value table with row and column headers,
// right-aligned. A grid's table (coins:A*B) is labelled by the board's
// coordinates, the columns x across and the rows y down ("y\x" in the
// corner), from its origin.
func tableText(t *catalog.Table) string {
	x0, y0, corner := 0, 0, ""
	if len(t.Origin) == 2 {
		x0, y0, corner = t.Origin[0], t.Origin[1], `y\x`
	}
	w := max(len(fmt.Sprint(x0+t.Size-1)), len(fmt.Sprint(y0+t.Size-1)))
	for _, row := range t.Values {
		for _, v := range row {
			w = max(w, len(fmt.Sprint(uint64(v))))
		}
	}
	lw := max(w+1, len(corner))
	var b strings.Builder
	fmt.Fprintf(&b, "%*s", lw, corner)
	for j := range t.Size {
		fmt.Fprintf(&b, " %*d", w, x0+j)
	}
	b.WriteByte('\n')
	for i, row := range t.Values {
		fmt.Fprintf(&b, "%*s", lw, strconv.Itoa(y0+i)+":")
		for _, v := range row {
			fmt.Fprintf(&b, " %*d", w, uint64(v))
		}
		b.WriteByte('\n')
	}
	return b.String()
}
