package sweep

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow" // --runner dataflow
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"    // --runner flink
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/spark" // --runner spark
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/grundy/grundy/checkpoint"
)

// Spec describes one sweep. It is what the workers receive (as JSON in the
// DoFns) and what DIR/sweep.json records, so a restart can be checked to be
// the same sweep.
type Spec struct {
	Kind     string        `json:"kind"` // "octal", "bridge" or "cardflip"
	Octal    *OctalSpec    `json:"octal,omitempty"`
	Bridge   *BridgeSpec   `json:"bridge,omitempty"`
	Cardflip *CardflipSpec `json:"cardflip,omitempty"`
	// Shard, if set, restricts the run to one slice of the units (see
	// Shard and Merge).
	Shard *Shard `json:"shard,omitempty"`
}

// task is one kind of sweep: a list of independent units, each computed to
// a part file, and a merge of the parts into the result files.
type task interface {
	units() int
	key(i int) string
	// unit returns the parameters of unit i, everything its result depends
	// on, as a JSON object with a "kind": a part file records them
	// (part.go).
	unit(i int) any
	// run computes unit i and returns its result (JSON, one line).
	run(ctx context.Context, i int) ([]byte, error)
	// merge reads every part and writes the result files and the summary.
	merge(ctx context.Context, st *store) (*Summary, error)
}

// canonical returns the spec as DIR/sweep.json records it (see
// OctalSpec.canonical): equal sweeps, equal specs.
func (s Spec) canonical() (Spec, error) {
	if s.Octal != nil {
		o, err := s.Octal.canonical()
		if err != nil {
			return s, err
		}
		s.Octal = &o
	}
	return s, nil
}

func (s Spec) task() (task, error) {
	t, err := s.whole()
	if err != nil || s.Shard == nil {
		return t, err
	}
	return newShardTask(t, *s.Shard)
}

// whole is the task of the whole sweep, whatever the shard.
func (s Spec) whole() (task, error) {
	switch s.Kind {
	case "octal":
		if s.Octal != nil {
			return newOctalTask(*s.Octal)
		}
	case "bridge":
		if s.Bridge != nil {
			return newBridgeTask(*s.Bridge)
		}
	case "cardflip":
		if s.Cardflip != nil {
			return newCardflipTask(*s.Cardflip)
		}
	default:
		return nil, fmt.Errorf("sweep: unknown kind %q (octal, bridge or cardflip)", s.Kind)
	}
	return nil, fmt.Errorf("sweep: %s sweep without its settings", s.Kind)
}

// Summary is what a finished sweep reports; the merge writes it to
// DIR/summary.json.
type Summary struct {
	Kind  string   `json:"kind"`
	Units int      `json:"units"`
	Files []string `json:"files"` // result files, relative to DIR
	// Octal: codes by status, and the codes whose result disagrees with a
	// published one.
	Proved   int      `json:"proved,omitempty"`
	Found    int      `json:"found,omitempty"`
	None     int      `json:"none,omitempty"`
	Disagree []string `json:"disagree,omitempty"`
	// Unlisted: codes the tables list as unsolved whose period is proved
	// here (and again from the plain kernel's values): periods the tables
	// consulted do not give, not claimed new (OctalRow.Check).
	Unlisted []string `json:"unlisted,omitempty"`
	// Unconfirmed: the same, past the plain kernel's reach
	// (plainConfirmMax values): to be checked by another program.
	Unconfirmed []string `json:"unconfirmed,omitempty"`
	Published   int      `json:"published,omitempty"` // codes with a published result
	Agree       int      `json:"agree,omitempty"`     // … that the sweep reproduced
	// Octal: the codes not proved, by the budget that stopped them: G(0..To)
	// known, or the plain kernel past PlainTo.
	StopTo      int `json:"stop_to,omitempty"`
	StopPlainTo int `json:"stop_plain_to,omitempty"`
	// StopMaxWork: tb: codes stopped by the work limit.
	StopMaxWork int `json:"stop_max_work,omitempty"`
	// StopSolvedTo: codes the tables list as solved stopped at SolvedTo
	// without a proof.
	StopSolvedTo int `json:"stop_solved_to,omitempty"`
	// Bridge: layouts enumerated, sequences seen, sequences whose count
	// differs from the formula, and the SHA-256 of the tally CSV.
	Layouts    uint64 `json:"layouts,omitempty"`
	Sequences  int    `json:"sequences,omitempty"`
	Mismatches int    `json:"mismatches,omitempty"`
	SHA256     string `json:"sha256,omitempty"`
	// Shard is the shard a run computed ("1/4"); it writes no results.
	Shard string `json:"shard,omitempty"`
	// Seconds is the compute time summed over the parts, this run's and
	// earlier ones'.
	Seconds float64 `json:"seconds"`
}

// Options say where a sweep runs and writes.
type Options struct {
	// Out is the output directory (a local path, or gs://… on Dataflow).
	Out string
	// Runner is "local" (or "", or "prism": the embedded Prism runner,
	// every core), "flink", "spark", "dataflow", or any runner Beam knows.
	Runner string
	// BeamArgs are Beam pipeline options (--endpoint=…, --project=…), parsed
	// by Beam's flags.
	BeamArgs []string
	// Progress, if set, is called about twice a second with the units
	// done and the values the octal units finished in this run computed.
	// It only reads DIR: a sweep's files are the same with it or without.
	Progress func(p Progress)
	// Log receives the runners' log lines at warning level and above
	// (nil: discarded). Once ctx is canceled nothing more is logged: the
	// runner's complaints about the cancel ("Bundle Failed … context
	// canceled") are not errors.
	Log *os.File
	// Warn, if set, receives the sweep's own warnings, one line each
	// without a newline (a part that is not its unit's, moved aside and
	// computed again).
	Warn func(msg string)
	// CheckpointEvery is how many values an octal unit computes between
	// two saves of its values to DIR/checkpoints/KEY, from which a unit
	// killed resumes (0: DefaultCheckpointEvery; negative: no
	// checkpoints). A local DIR only. The results are the same either way.
	CheckpointEvery int
	// MaxMemory bounds the memory the units computing at once in this
	// process hold, by their estimates (an octal unit: about 6 bytes a value
	// of its --to): a unit that does not fit waits for one that does to
	// end, and a sweep with a unit larger than the budget is refused before
	// it starts. 0: DefaultMaxMemory; negative: no limit. The results are
	// the same with any budget.
	MaxMemory int64
}

// IsLocal says whether the runner is the embedded one.
func IsLocal(runner string) bool {
	return runner == "" || runner == "local" || runner == "prism"
}

// Runners lists the runners Run accepts besides the local one: Beam exits
// the process for a runner it does not know, so Run checks first.
var Runners = []string{"flink", "spark", "dataflow", "universal", "portable"}

// UsageError is a bad option: a spec out of range, a Beam flag Beam does
// not know.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// beamMu serializes the runs of a process: Beam keeps its options in the
// flag package's global set.
var beamMu sync.Mutex

// Run runs the sweep on the runner and returns its summary. A unit whose
// part file already exists in o.Out is not computed again, so a sweep that
// was stopped resumes where it stopped.
func Run(ctx context.Context, spec Spec, o Options) (*Summary, error) {
	spec, err := spec.canonical()
	if err != nil {
		return nil, &UsageError{err}
	}
	t, err := spec.task()
	if err != nil {
		return nil, &UsageError{err}
	}
	maxMem := o.MaxMemory
	if maxMem == 0 {
		maxMem = DefaultMaxMemory
	}
	if err := checkMemory(t, maxMem); err != nil {
		return nil, &UsageError{err}
	}
	if !IsLocal(o.Runner) && !slices.Contains(Runners, o.Runner) {
		return nil, &UsageError{fmt.Errorf("sweep: unknown runner %q (local, %s)", o.Runner, strings.Join(Runners, ", "))}
	}
	specJSON, err := json.Marshal(spec)
	if err != nil {
		return nil, err
	}
	// One sweep at a time in a directory: the lock is held until Run
	// returns, or the process dies.
	st, unlock, err := claimDir(ctx, o.Out, specJSON)
	if err != nil {
		return nil, err
	}
	defer unlock()
	st.clean()
	warn := o.Warn
	if warn == nil {
		warn = func(string) {}
	}
	if err := st.checkParts(ctx, t, warn); err != nil {
		return nil, err
	}
	beamMu.Lock()
	defer beamMu.Unlock()
	restore, err := setupBeam(ctx, o)
	if err != nil {
		return nil, err
	}
	defer restore()

	p, s := beam.NewPipelineWithRoot()
	imp := beam.Impulse(s)
	every := o.CheckpointEvery
	if every == 0 {
		every = DefaultCheckpointEvery
	}
	counts := beam.ParDo(s, &unitsFn{Spec: specJSON, Out: o.Out, CheckpointEvery: max(every, 0), MaxMemory: max(maxMem, 0)}, imp)
	beam.ParDo0(s, &mergeFn{Spec: specJSON, Out: o.Out}, stats.Sum(s, counts))

	stop := make(chan struct{})
	var wg sync.WaitGroup
	pr := &progressReader{}
	if o.Progress != nil {
		// The parts there before the pipeline starts are earlier runs'.
		pr.update(ctx, st, t.units())
		pr.Earlier, pr.Values = pr.Done, 0
		wg.Add(1)
		go func() {
			defer wg.Done()
			poll(ctx, st, t.units(), pr, o.Progress, stop)
		}()
	}
	done := make(chan error, 1)
	defer loopbackTemp()() // any runner: a job server's LOOPBACK environment makes the file too
	go func() {
		var err error
		if IsLocal(o.Runner) {
			_, err = prism.Execute(ctx, p)
		} else {
			_, err = beam.Run(ctx, o.Runner, p)
		}
		done <- err
	}()
	select {
	case err = <-done:
	case <-ctx.Done():
		// Interrupted: the runner cancels its job in its own time (Prism
		// lets the running bundles finish their current unit), but
		// finished units are on disk, so return within a second.
		select {
		case err = <-done:
		case <-time.After(300 * time.Millisecond):
		}
	}
	close(stop)
	wg.Wait()
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, fmt.Errorf("sweep: %w (finished units are kept in %s)", ctxErr, o.Out)
	}
	if err != nil {
		return nil, fmt.Errorf("sweep: the %s runner: %w", runnerName(o.Runner), err)
	}
	if !st.remote {
		os.Remove(st.join("checkpoints")) // empty once every unit is done
	}
	if o.Progress != nil {
		pr.update(ctx, st, t.units())
		o.Progress(pr.Progress)
	}
	data, err := st.read(ctx, st.join("summary.json"))
	if err != nil {
		return nil, fmt.Errorf("sweep: the pipeline finished but left no summary: %w", err)
	}
	var sum Summary
	if err := json.Unmarshal(data, &sum); err != nil {
		return nil, fmt.Errorf("sweep: %s: %w", st.join("summary.json"), err)
	}
	return &sum, nil
}

// loopbackTemp points the temporary directory (TMPDIR) at a directory of
// the run's own while the runner runs, and returns the function that
// points it back and removes that directory. Beam's loopback mode, which
// Prism uses (as does a job server asked for --environment_type=LOOPBACK),
// leaves an empty file beamloopbackworker-* in the temporary directory on
// every run (runnerlib.Execute; apache/beam#27569): thousands of them in
// /tmp after a few days of sweeps and tests. Only those files
// are removed, and the directory only if nothing else was left there.
// Runs are serialized by beamMu, so two runs never swap TMPDIR at once.
func loopbackTemp() (restore func()) {
	if runtime.GOOS == "windows" { // os.TempDir reads TMP and TEMP there
		return func() {}
	}
	dir, err := os.MkdirTemp("", "grundy-sweep-")
	if err != nil {
		return func() {}
	}
	old, had := os.LookupEnv("TMPDIR")
	os.Setenv("TMPDIR", dir)
	return func() {
		if had {
			os.Setenv("TMPDIR", old)
		} else {
			os.Unsetenv("TMPDIR")
		}
		if es, err := os.ReadDir(dir); err == nil {
			for _, e := range es {
				if strings.HasPrefix(e.Name(), "beamloopbackworker-") {
					os.Remove(filepath.Join(dir, e.Name()))
				}
			}
		}
		os.Remove(dir) // fails, harmlessly, if something else is there
	}
}

func runnerName(r string) string {
	if IsLocal(r) {
		return "local (Prism)"
	}
	return r
}

// setupBeam hands the Beam options to Beam's flags and initializes it.
// Beam reads its options (--runner, --endpoint, --project, …) from the
// process's flag set; grundy parses its own flags with cobra, so the Beam
// ones go through here.
// It returns a function that puts back the options it set, so that one
// Run's options do not leak into the next in the same process. The caller
// holds beamMu until then.
func setupBeam(ctx context.Context, o Options) (restore func(), err error) {
	old := map[string]string{}
	restore = func() {
		for name, v := range old {
			flag.CommandLine.Set(name, v)
		}
	}
	// A view of the process's flag set that reports errors instead of
	// exiting (flag.CommandLine exits on a bad flag): the values are
	// shared, so parsing it sets Beam's options.
	fs := flag.NewFlagSet("beam", flag.ContinueOnError)
	flag.CommandLine.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	var buf strings.Builder
	fs.SetOutput(&buf)
	flag.CommandLine.VisitAll(func(f *flag.Flag) {
		if hasFlag(o.BeamArgs, f.Name) || f.Name == "worker_binary" {
			old[f.Name] = f.Value.String()
		}
	})
	if err := fs.Parse(o.BeamArgs); err != nil {
		restore()
		return nil, &UsageError{fmt.Errorf("sweep: Beam option: %v", err)}
	}
	if fs.NArg() > 0 {
		restore()
		return nil, &UsageError{fmt.Errorf("sweep: Beam options are --name=value, not %q", fs.Arg(0))}
	}
	if !IsLocal(o.Runner) && !hasFlag(o.BeamArgs, "worker_binary") && runtime.GOOS == "linux" && runtime.GOARCH == "amd64" {
		// The workers run this very program (Flink, Spark and Dataflow run
		// linux/amd64 containers): stage it rather than have Beam compile
		// the caller's source, which a released binary does not have.
		if exe, err := os.Executable(); err == nil {
			fs.Set("worker_binary", exe)
		}
	}
	beam.Init()
	// After Init, which points slog at stderr at level info: Prism logs
	// every job's start and end there.
	var h slog.Handler = slog.NewTextHandler(discard{}, nil)
	if o.Log != nil {
		h = untilCanceled{ctx, slog.NewTextHandler(o.Log, &slog.HandlerOptions{Level: slog.LevelWarn})}
	}
	slog.SetDefault(slog.New(h))
	return restore, nil
}

// untilCanceled passes log records on until ctx is canceled, then drops
// them: a sweep stopped by Ctrl-C or SIGTERM made Prism log every bundle
// it abandoned as "level=ERROR … Bundle Failed … context canceled", but a
// cancel is not an error, and the sweep says itself that it stopped.
type untilCanceled struct {
	ctx context.Context
	slog.Handler
}

func (h untilCanceled) Enabled(ctx context.Context, l slog.Level) bool {
	return h.ctx.Err() == nil && h.Handler.Enabled(ctx, l)
}

func (h untilCanceled) Handle(ctx context.Context, r slog.Record) error {
	if h.ctx.Err() != nil {
		return nil
	}
	return h.Handler.Handle(ctx, r)
}

func (h untilCanceled) WithAttrs(as []slog.Attr) slog.Handler {
	return untilCanceled{h.ctx, h.Handler.WithAttrs(as)}
}

func (h untilCanceled) WithGroup(name string) slog.Handler {
	return untilCanceled{h.ctx, h.Handler.WithGroup(name)}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func hasFlag(args []string, name string) bool {
	for _, a := range args {
		a = strings.TrimLeft(a, "-")
		if a == name || strings.HasPrefix(a, name+"=") {
			return true
		}
	}
	return false
}

// Progress is how far a sweep is.
type Progress struct {
	// Done units of Total, Earlier of them done by earlier runs.
	Done, Total, Earlier int
	// Values is the number of values (G(0..computed_to) of an octal code)
	// of the units finished in this run; a rate over this run's time is
	// the sweep's values a second.
	Values int64
	// Underway is the number of units not done whose checkpoints hold
	// values, and Saved those values: how far the long units have got
	// (a local DIR only; checkpoints are saved every --checkpoint-every
	// values).
	Underway int
	Saved    int64
}

// progressReader counts the parts in the store, reading each new part's
// computed_to once.
type progressReader struct {
	Progress
	seen map[string]bool
}

func (p *progressReader) update(ctx context.Context, st *store, total int) {
	keys, err := st.parts(ctx)
	if err != nil {
		return
	}
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	for _, k := range keys {
		if p.seen[k] {
			continue
		}
		data, err := st.readMax(ctx, st.partPath(k), maxPartBytes)
		if err != nil {
			continue // being written: the next poll reads it
		}
		p.seen[k] = true
		var pt struct {
			Result struct {
				ComputedTo *int64 `json:"computed_to"`
			} `json:"result"`
		}
		if json.Unmarshal(data, &pt) == nil && pt.Result.ComputedTo != nil {
			p.Values += *pt.Result.ComputedTo + 1
		}
	}
	p.Done, p.Total = min(len(p.seen), total), total
	p.Underway, p.Saved = 0, 0
	if st.remote {
		return
	}
	dirs, _ := os.ReadDir(st.join("checkpoints"))
	for _, d := range dirs {
		if p.seen[d.Name()] {
			continue // done: its checkpoint goes once its part is written
		}
		if n, err := checkpoint.Committed(st.join("checkpoints", d.Name())); err == nil && n > 0 {
			p.Underway++
			p.Saved += n
		}
	}
}

// poll reports the parts in the store until stop closes.
func poll(ctx context.Context, st *store, total int, pr *progressReader, report func(Progress), stop <-chan struct{}) {
	every := 500 * time.Millisecond
	if st.remote {
		every = 5 * time.Second
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		pr.update(ctx, st, total)
		report(pr.Progress)
		select {
		case <-stop:
			return
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// unitsFn computes the units of a sweep. It is a splittable DoFn over the
// range of unit numbers [0, units): the runner splits the range as it
// goes. Prism, the local runner, splits a bundle when a progress report
// shows no new element done since the last one, so the whole sweep is one
// element (its range) and never emits before the range is done: each report
// then finds the bundle "slow" and hands half of what remains to a new
// bundle, up to 8 at once, which keeps every core busy. Units already in the
// store are read back, not computed.
type unitsFn struct {
	Spec []byte `json:"spec"`
	Out  string `json:"out"`
	// CheckpointEvery: the values between two saves of a long unit (0:
	// none; Options.CheckpointEvery).
	CheckpointEvery int `json:"checkpoint_every,omitempty"`
	// MaxMemory: the units' memory budget in this process (0: none;
	// Options.MaxMemory).
	MaxMemory int64 `json:"max_memory,omitempty"`

	task task
	st   *store
}

// Setup builds the task. The SDF's restriction methods may run in a stage
// whose Setup has not run (Prism's pair-with-restriction step), so each
// method calls it too.
func (f *unitsFn) Setup() error {
	if f.task != nil {
		return nil
	}
	_, t, st, err := decode(f.Spec, f.Out)
	if err != nil {
		return err
	}
	if c, ok := t.(checkpointer); ok && f.CheckpointEvery > 0 && !st.remote {
		c.setCheckpoints(&unitCheckpoints{Dir: st.join("checkpoints"), Every: f.CheckpointEvery})
	}
	f.task, f.st = t, st
	return nil
}

func (f *unitsFn) CreateInitialRestriction(_ []byte) offsetrange.Restriction {
	if err := f.Setup(); err != nil {
		panic(err) // the Spec was checked before the pipeline started
	}
	return offsetrange.Restriction{Start: 0, End: int64(f.task.units())}
}

// SplitRestriction cuts the range in up to 64 pieces for runners that only
// split up front.
func (f *unitsFn) SplitRestriction(_ []byte, r offsetrange.Restriction) []offsetrange.Restriction {
	return r.EvenSplits(min(64, max(1, r.End-r.Start)))
}

func (f *unitsFn) RestrictionSize(_ []byte, r offsetrange.Restriction) float64 { return r.Size() }

func (f *unitsFn) CreateTracker(r offsetrange.Restriction) *sdf.LockRTracker {
	return sdf.NewLockRTracker(offsetrange.NewTracker(r))
}

func (f *unitsFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, _ []byte, emit func(int64)) error {
	if err := f.Setup(); err != nil {
		return err
	}
	r := rt.GetRestriction().(offsetrange.Restriction)
	var done int64
	for i := r.Start; rt.TryClaim(i); i++ {
		if err := f.unit(ctx, int(i)); err != nil {
			return err
		}
		done++
	}
	emit(done)
	return nil
}

func (f *unitsFn) unit(ctx context.Context, i int) error {
	_, err := readPart(ctx, f.st, f.task, i)
	if err == nil {
		if c, ok := f.task.(checkpointer); ok {
			c.dropCheckpoint(i) // a run killed between the part and this
		}
		return nil // done by an earlier run
	}
	var pe *PartError
	if errors.As(err, &pe) {
		// Run moved such parts aside before the pipeline started (a local
		// directory); this one is on a remote store, or appeared since.
		slog.Warn(pe.Error() + "; computing it again")
	}
	release, err := holdMemory(ctx, f.task, i, f.MaxMemory)
	if err != nil {
		return err
	}
	result, err := f.task.run(ctx, i)
	release()
	if err != nil {
		return err
	}
	data, err := encodePart(f.task, i, result)
	if err != nil {
		return err
	}
	if err := f.st.write(ctx, f.st.partPath(f.task.key(i)), data); err != nil {
		return err
	}
	if c, ok := f.task.(checkpointer); ok {
		c.dropCheckpoint(i)
	}
	return nil
}

// decode rebuilds a sweep on a worker from what its DoFn carries.
func decode(specJSON []byte, out string) (Spec, task, *store, error) {
	var spec Spec
	if err := json.Unmarshal(specJSON, &spec); err != nil {
		return spec, nil, nil, err
	}
	t, err := spec.task()
	if err != nil {
		return spec, nil, nil, err
	}
	st, err := openStore(out)
	return spec, t, st, err
}

// mergeFn writes the result files once every unit is done (its input is
// the sum of the units' counts, which exists only then).
type mergeFn struct {
	Spec []byte `json:"spec"`
	Out  string `json:"out"`
}

func (f *mergeFn) ProcessElement(ctx context.Context, _ int64) error {
	spec, t, st, err := decode(f.Spec, f.Out)
	if err != nil {
		return err
	}
	sum, err := t.merge(ctx, st)
	if err != nil {
		return err
	}
	sum.Kind, sum.Units = spec.Kind, t.units()
	data, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return err
	}
	return st.write(ctx, st.join("summary.json"), append(data, '\n'))
}

func init() {
	register.DoFn4x1[context.Context, *sdf.LockRTracker, []byte, func(int64), error](&unitsFn{})
	register.Emitter1[int64]()
	register.DoFn2x1[context.Context, int64, error](&mergeFn{})
}

// RunWorker runs this process as a Beam worker and exits if the command
// line asks for one (--worker, as the runners' boot containers start the
// staged binary); otherwise it returns at once. Call it first thing in main
// or an init function.
func RunWorker(args []string) {
	worker := false
	for _, a := range args {
		if a == "--worker" || a == "-worker" || strings.HasPrefix(a, "--worker=") || strings.HasPrefix(a, "-worker=") {
			worker = a != "--worker=false" && a != "-worker=false"
		}
	}
	if !worker {
		return
	}
	flag.CommandLine.Parse(args)
	beam.Init() // runs the worker harness and exits
	os.Exit(0)
}
