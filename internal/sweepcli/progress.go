package sweepcli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/grundy/grundy/sweep"
)

// sweepProgress draws units done, the rate, the time left and the values
// a second of this run on stderr. The bar counts this run's units: parts
// from an earlier run are named in its description, so the rate and ETA
// are this run's.
type sweepProgress struct {
	io      *Streams
	what    string
	bar     *progressbar.ProgressBar
	earlier int
	start   time.Time
	values  int64
	saved   int64
}

func (p *sweepProgress) report(pr sweep.Progress) {
	if p.bar == nil {
		p.earlier, p.start = pr.Earlier, time.Now()
		p.bar = progressbar.NewOptions(pr.Total-pr.Earlier,
			progressbar.OptionSetWriter(p.io.Err),
			progressbar.OptionSetDescription(p.describe(pr)),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString(p.what),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish())
	}
	if pr.Values != p.values || pr.Saved != p.saved {
		p.values, p.saved = pr.Values, pr.Saved
		p.bar.Describe(p.describe(pr))
	}
	p.bar.Set(pr.Done - p.earlier)
}

// describe is the bar's description: the units done earlier, and the
// values a second of the units finished in this run.
func (p *sweepProgress) describe(pr sweep.Progress) string {
	desc := p.what
	if pr.Earlier > 0 {
		desc = fmt.Sprintf("%s (%d done earlier)", p.what, pr.Earlier)
	}
	if s := time.Since(p.start).Seconds(); pr.Values > 0 && s > 0 {
		desc += fmt.Sprintf(", %s values/s", humanRate(float64(pr.Values)/s))
	}
	return desc + underway(pr)
}

// underway says how far the long units not yet done have got, by the
// values their checkpoints hold ("" when none has saved any).
func underway(pr sweep.Progress) string {
	if pr.Underway == 0 {
		return ""
	}
	return fmt.Sprintf(", %d under way with %s values saved", pr.Underway, humanRate(float64(pr.Saved)))
}

// humanRate writes a rate with three figures: 950, 12.3 k, 4.56 M.
func humanRate(r float64) string {
	switch {
	case r >= 1e9:
		return fmt.Sprintf("%.3g G", r/1e9)
	case r >= 1e6:
		return fmt.Sprintf("%.3g M", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.3g k", r/1e3)
	}
	return fmt.Sprintf("%.3g", r)
}

func (p *sweepProgress) finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}

// logFile reports whether f is a regular file: stderr sent to a log
// (nohup, 2> FILE, a Slurm job's --error file).
func logFile(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode().IsRegular()
}

// plainProgress prints the progress of a sweep whose stderr is not a
// terminal (nohup, a Slurm job's log) as plain lines: the first report,
// then a line every `every` (at each unit done if every is 0), and the
// last when every unit is done. The clock (now) only paces the lines.
type plainProgress struct {
	w     io.Writer
	what  string
	every time.Duration
	now   func() time.Time

	start, last time.Time
	earlier     int
	lastDone    int
	printed     bool
}

func (p *plainProgress) report(pr sweep.Progress) {
	now := p.now()
	if !p.printed {
		p.start, p.earlier = now, pr.Earlier
	}
	final := pr.Done == pr.Total
	switch {
	case !p.printed, final && p.lastDone != pr.Done:
	case p.every == 0 && pr.Done != p.lastDone:
	case p.every > 0 && now.Sub(p.last) >= p.every:
	default:
		return
	}
	p.printed, p.last, p.lastDone = true, now, pr.Done
	fmt.Fprintln(p.w, p.line(pr, now.Sub(p.start)))
}

// line is one progress line: the time (UTC), the units done of all, the
// values a second of the units finished in this run, the time elapsed and
// the time left at this run's pace (by units).
func (p *plainProgress) line(pr sweep.Progress, elapsed time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s grundy sweep: %d/%d %s", p.now().UTC().Format(time.DateTime), pr.Done, pr.Total, p.what)
	if p.earlier > 0 {
		fmt.Fprintf(&b, " (%d done earlier)", p.earlier)
	}
	if s := elapsed.Seconds(); pr.Values > 0 && s > 0 {
		fmt.Fprintf(&b, ", %s values/s", humanRate(float64(pr.Values)/s))
	}
	b.WriteString(underway(pr))
	fmt.Fprintf(&b, ", %s elapsed", elapsed.Round(time.Second))
	if done := pr.Done - p.earlier; done > 0 && pr.Done < pr.Total {
		left := time.Duration(float64(elapsed) / float64(done) * float64(pr.Total-pr.Done))
		fmt.Fprintf(&b, ", about %s left", left.Round(time.Second))
	}
	return b.String()
}
