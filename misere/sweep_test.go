package misere

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestSweepTable writes the rows of the sweep table of docs/misere.md (the
// quotients of the two-digit octal codes 0.dd to heap 20, each within 20
// million steps of work) to the file $GRUNDY_SWEEP:
//
//	GRUNDY_SWEEP=/tmp/sweep.md go test ./misere -run SweepTable
func TestSweepTable(t *testing.T) {
	path := os.Getenv("GRUNDY_SWEEP")
	if path == "" {
		t.Skip("set GRUNDY_SWEEP=file to write the sweep table of docs/misere.md")
	}
	ctx := context.Background()
	var b strings.Builder
	for d := 0; d < 64; d++ {
		code := fmt.Sprintf("0.%d%d", d/8, d%8)
		q, err := Compute(ctx, Octal(mustCode(t, code)), 20, Settings{MaxWork: 20_000_000})
		var se *StopError
		switch {
		case errors.As(err, &se):
			grew := make([]string, len(q.Grew()))
			for i, h := range q.Grew() {
				grew[i] = fmt.Sprint(h)
			}
			fmt.Fprintf(&b, "| %s | %d / %d | stopped at heap %d: %v | %s | — |\n", code, q.Size(), q.PSize(), se.Heap, se.Err, strings.Join(grew, " "))
		case err != nil:
			t.Fatalf("%s: %v", code, err)
		default:
			per := "—"
			if p := q.Period(); p.Status != "none" {
				per = fmt.Sprintf("%d from %d, %s", p.Period, p.Preperiod, p.Status)
			}
			grew := make([]string, len(q.Grew()))
			for i, h := range q.Grew() {
				grew[i] = fmt.Sprint(h)
			}
			fmt.Fprintf(&b, "| %s | %d | %d | %s | %s | %s |\n", code, q.Size(), q.PSize(), q.Status(), strings.Join(grew, " "), per)
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
