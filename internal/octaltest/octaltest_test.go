package octaltest

import (
	"testing"

	"github.com/grundy/grundy/octal"
)

func TestHeapsOf(t *testing.T) {
	p, ok := HeapsOf(3, 0, 5, 1)
	if !ok || p != (Heaps{5, 3, 1}) {
		t.Errorf("HeapsOf = %v %v", p, ok)
	}
	if _, ok := HeapsOf(1, 1, 1, 1, 1, 1, 1, 1, 1); ok {
		t.Error("nine heaps fit")
	}
	c, err := octal.ParseCode(".77")
	if err != nil {
		t.Fatal(err)
	}
	var n int
	Engine{octal.New(c)}.Moves(Heaps{3, 3}, func(Heaps) bool { n++; return true })
	// From 3: take 1 → 2 or 1+1; take 2 → 1 (only one heap moves).
	if n != 3 {
		t.Errorf("moves of 3+3 in Kayles: %d, want 3", n)
	}
}
