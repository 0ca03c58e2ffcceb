package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/internal/jsonout"
)

// grundy-plot draws the rows grundy cardflip compare --json prints; bad
// input is one line naming the byte, exit 2.
func TestRun(t *testing.T) {
	rows, err := cardflip.Compare(context.Background(), cardflip.CompareOptions{From: 2, To: 6, Trials: 100, Seed: 1, ExactMax: 5, RandomMax: 6})
	if err != nil {
		t.Fatal(err)
	}
	var in, out, errs bytes.Buffer
	if err := jsonout.Write(&in, rows); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"cardflip-compare", "--format", "svg"}, &in, &out, &errs); code != 0 || !strings.Contains(out.String(), "<svg") {
		t.Fatalf("exit %d, %d bytes, %s", code, out.Len(), errs.String())
	}
	out.Reset()
	errs.Reset()
	if code := run([]string{"cardflip-compare"}, strings.NewReader("[{\"m\": 2,,"), &out, &errs); code != 2 || strings.Count(errs.String(), "\n") != 1 || !strings.Contains(errs.String(), "byte") {
		t.Errorf("bad JSON: exit %d, %q", code, errs.String())
	}
	errs.Reset()
	if code := run(nil, strings.NewReader(""), &out, &errs); code != 2 || !strings.Contains(errs.String(), "usage") {
		t.Errorf("no chart named: exit %d, %q", code, errs.String())
	}
}
