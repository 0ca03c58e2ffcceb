package quietstart

import (
	"bytes"
	"log"
	"strings"
	"testing"

	"github.com/grundy/grundy/internal/quietstart/hush"
)

// The filter drops that line only, and is gone once starlark initialized.
func TestFilter(t *testing.T) {
	var b bytes.Buffer
	w := hush.Writer{W: &b}
	w.Write([]byte("2026/11/26 07:00:00 " + hush.Line + ": cannot allocate memory. Integer performance may suffer.\n"))
	w.Write([]byte("another line\n"))
	if b.String() != "another line\n" {
		t.Errorf("passed %q", b.String())
	}
	if _, ok := log.Writer().(hush.Writer); ok {
		t.Error("the standard logger still filters")
	}
	if !strings.Contains(hush.Line, "4GB") {
		t.Error(hush.Line)
	}
}
