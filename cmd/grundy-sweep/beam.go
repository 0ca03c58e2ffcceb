//go:build beam

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs" // gs:// output directories on Dataflow
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow" // --runner dataflow
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"    // --runner flink
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/spark" // --runner spark
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/grundy/grundy/sweep"
)

// The sweeps' pipeline (sweep/pipeline.go) as an Apache Beam pipeline:
// Impulse → unitsFn, a splittable DoFn over the unit numbers that runs
// sweep.Worker.Unit for each → the sum of the units done → mergeFn, which
// runs sweep.Worker.Merge once the sum exists, that is once every unit is
// done. The same two functions as sweep.Local, so the same results folder.

// beamRunners is grundy-sweep's sweepcli.Beam: Beam's runners and file
// systems.
type beamRunners struct{}

func (beamRunners) Executor(runner string, options []string, log *os.File) (sweep.Executor, error) {
	return &beamExecutor{runner: runner, options: options, log: log}, nil
}

func (beamRunners) Remote() sweep.RemoteFS { return beamFS{} }

// beamExecutor runs a sweep's pipeline on a Beam runner: "prism" (Beam's
// embedded runner, in this process, every core) or a runner Beam knows
// (flink, spark, dataflow, universal, portable) with Beam's options.
type beamExecutor struct {
	runner  string
	options []string
	log     *os.File // the runner's log at warning level and above (nil: none)
}

// beamMu serializes the runs of a process: Beam keeps its options in the
// flag package's global set.
var beamMu sync.Mutex

func (b *beamExecutor) Execute(ctx context.Context, job sweep.Job) error {
	beamMu.Lock()
	defer beamMu.Unlock()
	restore, err := setupBeam(ctx, b.runner, b.options, b.log)
	if err != nil {
		return err
	}
	defer restore()

	p, s := beam.NewPipelineWithRoot()
	imp := beam.Impulse(s)
	counts := beam.ParDo(s, &unitsFn{Spec: job.Spec, Out: job.Out, CheckpointEvery: job.CheckpointEvery, MaxMemory: job.MaxMemory}, imp)
	beam.ParDo0(s, &mergeFn{Spec: job.Spec, Out: job.Out}, stats.Sum(s, counts))

	done := make(chan error, 1)
	defer loopbackTemp()() // any runner: a job server's LOOPBACK environment makes the file too
	go func() {
		var err error
		if b.runner == "prism" {
			_, err = prism.Execute(ctx, p)
		} else {
			_, err = beam.Run(ctx, b.runner, p)
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
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("sweep: the %s runner: %w", b.runner, err)
	}
	return nil
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

// setupBeam hands the Beam options to Beam's flags and initializes it.
// Beam reads its options (--runner, --endpoint, --project, …) from the
// process's flag set; grundy parses its own flags with cobra, so the Beam
// ones go through here.
// It returns a function that puts back the options it set, so that one
// run's options do not leak into the next in the same process. The caller
// holds beamMu until then.
func setupBeam(ctx context.Context, runner string, options []string, log *os.File) (restore func(), err error) {
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
		if hasFlag(options, f.Name) || f.Name == "worker_binary" {
			old[f.Name] = f.Value.String()
		}
	})
	if err := fs.Parse(options); err != nil {
		restore()
		return nil, &sweep.UsageError{Err: fmt.Errorf("sweep: Beam option: %v", err)}
	}
	if fs.NArg() > 0 {
		restore()
		return nil, &sweep.UsageError{Err: fmt.Errorf("sweep: Beam options are --name=value, not %q", fs.Arg(0))}
	}
	if runner != "prism" && !hasFlag(options, "worker_binary") && runtime.GOOS == "linux" && runtime.GOARCH == "amd64" {
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
	var h slog.Handler = slog.NewTextHandler(io.Discard, nil)
	if log != nil {
		h = untilCanceled{ctx, slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelWarn})}
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

func hasFlag(args []string, name string) bool {
	for _, a := range args {
		a = strings.TrimLeft(a, "-")
		if a == name || strings.HasPrefix(a, name+"=") {
			return true
		}
	}
	return false
}

// unitsFn computes the units of a sweep: sweep.Worker.Unit for each. It is
// a splittable DoFn over the range of unit numbers [0, units): the runner
// splits the range as it goes. Prism, the embedded runner, splits a bundle
// when a progress report shows no new element done since the last one, so
// the whole sweep is one element (its range) and never emits before the
// range is done: each report then finds the bundle "slow" and hands half of
// what remains to a new bundle, up to 8 at once, which keeps every core
// busy. Units already in the store are read back, not computed. Its fields
// are a sweep.Job's, as the workers receive them (JSON).
type unitsFn struct {
	Spec            []byte `json:"spec"`
	Out             string `json:"out"`
	CheckpointEvery int    `json:"checkpoint_every,omitempty"`
	MaxMemory       int64  `json:"max_memory,omitempty"`

	w *sweep.Worker
}

// Setup builds the worker. The SDF's restriction methods may run in a
// stage whose Setup has not run (Prism's pair-with-restriction step), so
// each method calls it too.
func (f *unitsFn) Setup() error {
	if f.w != nil {
		return nil
	}
	w, err := sweep.NewWorker(sweep.Job{Spec: f.Spec, Out: f.Out, CheckpointEvery: f.CheckpointEvery, MaxMemory: f.MaxMemory, Remote: beamFS{}})
	if err != nil {
		return err
	}
	f.w = w
	return nil
}

func (f *unitsFn) CreateInitialRestriction(_ []byte) offsetrange.Restriction {
	if err := f.Setup(); err != nil {
		panic(err) // the Spec was checked before the pipeline started
	}
	return offsetrange.Restriction{Start: 0, End: int64(f.w.Units())}
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
		if err := f.w.Unit(ctx, int(i)); err != nil {
			return err
		}
		done++
	}
	emit(done)
	return nil
}

// mergeFn writes the result files once every unit is done (its input is
// the sum of the units' counts, which exists only then): sweep.Worker.Merge.
type mergeFn struct {
	Spec []byte `json:"spec"`
	Out  string `json:"out"`
}

func (f *mergeFn) ProcessElement(ctx context.Context, _ int64) error {
	w, err := sweep.NewWorker(sweep.Job{Spec: f.Spec, Out: f.Out, Remote: beamFS{}})
	if err != nil {
		return err
	}
	return w.Merge(ctx)
}

func init() {
	register.DoFn4x1[context.Context, *sdf.LockRTracker, []byte, func(int64), error](&unitsFn{})
	register.Emitter1[int64]()
	register.DoFn2x1[context.Context, int64, error](&mergeFn{})
}

// runWorker runs this process as a Beam worker and exits if the command
// line asks for one (--worker, as the runners' boot containers start the
// staged binary); otherwise it returns at once. Call it first thing, in an
// init function.
func runWorker(args []string) {
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

// beamFS is sweep.RemoteFS on Beam's file systems (gs://… on Dataflow).
type beamFS struct{}

func (beamFS) OpenRead(ctx context.Context, name string) (io.ReadCloser, error) {
	fsys, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, err
	}
	if _, err := fsys.Size(ctx, name); err != nil {
		fsys.Close()
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}
	r, err := fsys.OpenRead(ctx, name)
	if err != nil {
		fsys.Close()
		return nil, err
	}
	return readCloser{r, fsys}, nil
}

// readCloser closes the object, then its file system.
type readCloser struct {
	io.ReadCloser
	fsys filesystem.Interface
}

func (r readCloser) Close() error {
	err := r.ReadCloser.Close()
	r.fsys.Close()
	return err
}

func (beamFS) Write(ctx context.Context, name string, data []byte) error {
	fsys, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fsys.Close()
	w, err := fsys.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

func (beamFS) List(ctx context.Context, pattern string) ([]string, error) {
	fsys, err := filesystem.New(ctx, pattern)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	return fsys.List(ctx, pattern)
}
