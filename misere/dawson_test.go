package misere

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/checkpoint"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// TestDawsonKaylesTable writes the order and P-portion of the misère
// quotient of Dawson's Kayles (0.07) heap by heap, as far as the work
// bound $GRUNDY_DAWSON_WORK (steps; default 10^9) reaches, to
// $GRUNDY_DAWSON/sizes.csv and a plot of them to sizes.png; the state is
// checkpointed in $GRUNDY_DAWSON/q.ckpt, so a run stopped at any point
// resumes (the sizes of the heaps done before are read back from the
// CSV):
//
//	GRUNDY_DAWSON=results/misere-dawson nice -n 19 go test ./misere -run DawsonKaylesTable -timeout 0
func TestDawsonKaylesTable(t *testing.T) {
	dir := os.Getenv("GRUNDY_DAWSON")
	if dir == "" {
		t.Skip("set GRUNDY_DAWSON=dir to extend Dawson's Kayles' quotient and write its sizes")
	}
	work := int64(1e9)
	if w := os.Getenv("GRUNDY_DAWSON_WORK"); w != "" {
		var err error
		if work, err = strconv.ParseInt(w, 10, 64); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	csvPath := filepath.Join(dir, "sizes.csv")
	type row struct{ heap, size, p int }
	var rows []row
	if raw, err := os.ReadFile(csvPath); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n")[1:] {
			var r row
			if _, err := fmt.Sscanf(line, "%d,%d,%d", &r.heap, &r.size, &r.p); err == nil {
				rows = append(rows, r)
			}
		}
	}
	write := func() {
		var b strings.Builder
		b.WriteString("heap,size,p_size\n")
		for _, r := range rows {
			fmt.Fprintf(&b, "%d,%d,%d\n", r.heap, r.size, r.p)
		}
		if err := checkpoint.WriteFile(csvPath, []byte(b.String())); err != nil {
			t.Fatal(err)
		}
	}
	q, err := Extend(context.Background(), Octal(mustCode(t, "0.07")), Settings{
		MaxWork: work, Checkpoint: filepath.Join(dir, "q.ckpt"), Key: "octal:0.07",
		Progress: func(h, size, p int) {
			for len(rows) > 0 && rows[len(rows)-1].heap >= h {
				rows = rows[:len(rows)-1]
			}
			rows = append(rows, row{h, size, p})
			write()
		},
	})
	var se *StopError
	if err != nil && !errors.As(err, &se) {
		t.Fatal(err)
	}
	t.Logf("Dawson's Kayles: %d elements to heap %d (%s): %v", q.Size(), q.Computed(), q.Status(), err)
	p := plot.New()
	p.Title.Text = "Misère quotient of Dawson's Kayles (0.07), heap by heap"
	p.X.Label.Text = "heaps 0..n"
	p.Y.Label.Text = "elements"
	var size, pp plotter.XYs
	for _, r := range rows {
		size = append(size, plotter.XY{X: float64(r.heap), Y: float64(r.size)})
		pp = append(pp, plotter.XY{X: float64(r.heap), Y: float64(r.p)})
	}
	for i, pts := range []plotter.XYs{size, pp} {
		l, err := plotter.NewLine(pts)
		if err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		}
		p.Add(l)
		p.Legend.Add([]string{"order |Q_n|", "P-portion |P_n|"}[i], l)
	}
	p.Legend.Top, p.Legend.Left = true, true
	if err := p.Save(16*vg.Centimeter, 10*vg.Centimeter, filepath.Join(dir, "sizes.png")); err != nil {
		t.Fatal(err)
	}
}
