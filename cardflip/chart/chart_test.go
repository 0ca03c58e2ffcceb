package chart_test

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"testing"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/cardflip/chart"
)

// The compare chart in each format: an SVG naming every strategy, a PNG
// that decodes, a PDF; no rows is an error.
func TestWriteCompare(t *testing.T) {
	rows, err := cardflip.Compare(context.Background(), cardflip.CompareOptions{From: 2, To: 9, Trials: 200, Seed: 1, ExactMax: 5, RandomMax: 9})
	if err != nil {
		t.Fatal(err)
	}
	var svg, pngb, pdf bytes.Buffer
	for _, c := range []struct {
		format string
		b      *bytes.Buffer
	}{{"svg", &svg}, {"png", &pngb}, {"pdf", &pdf}} {
		if err := chart.WriteCompare(c.b, rows, c.format); err != nil {
			t.Fatalf("%s: %v", c.format, err)
		}
	}
	for _, c := range rows[0].Cells {
		if !strings.Contains(svg.String(), c.Strategy) {
			t.Errorf("the SVG does not name %s", c.Strategy)
		}
	}
	if _, err := png.Decode(&pngb); err != nil {
		t.Errorf("PNG: %v", err)
	}
	if !strings.HasPrefix(pdf.String(), "%PDF") {
		t.Error("not a PDF")
	}
	if err := chart.WriteCompare(&svg, nil, "svg"); err == nil {
		t.Error("no rows drawn without an error")
	}
}
