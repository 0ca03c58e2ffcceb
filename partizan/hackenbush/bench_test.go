package hackenbush

import (
	"testing"

	"github.com/grundy/grundy/partizan/rulesettest"
)

// Winning Ways' "Moderately Hard Bed": the number search, from scratch.
func BenchmarkModeratelyHardBed(b *testing.B) {
	p, err := Parse(bed)
	if err != nil {
		b.Fatal(err)
	}
	defer rulesettest.CPU(b)()
	for b.Loop() {
		if v, ok := NumberValue(p); !ok || v.String() != "1/128" {
			b.Fatal(v, ok)
		}
	}
}

// CGSuite's stalk lrlrrllr through the solver, from a fresh store.
func BenchmarkStalk(b *testing.B) {
	defer rulesettest.CPU(b)()
	for b.Loop() {
		solve(b, "lrlrrllr")
	}
}
