package examples_test

import (
	"context"
	"io/fs"
	"testing"

	"github.com/grundy/grundy/examples"
	"github.com/grundy/grundy/rules"
)

// TestExamplesLoad: every example rule file loads. Their answers are tested
// in catalog/starlark_test.go (against the catalog, known sequences and the
// hand analysis in each file's comments).
func TestExamplesLoad(t *testing.T) {
	files, err := fs.Glob(examples.FS, "*.star")
	if err != nil || len(files) < 6 {
		t.Fatalf("examples: %v %v", files, err)
	}
	for _, f := range files {
		src, _ := examples.FS.ReadFile(f)
		r, err := rules.Load(context.Background(), f, src, rules.Limits{})
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if r.Name() == "" {
			t.Errorf("%s: no name", f)
		}
	}
}
