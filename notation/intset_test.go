package notation

import (
	"errors"
	"slices"
	"testing"
)

// FuzzIntSet: any text either reads as a set whose written form reads back
// to the same set, or fails with a *SyntaxError whose column is within the
// text; never a panic.
func FuzzIntSet(f *testing.F) {
	for _, s := range []string{"1,3,4", "1-3,7", "4,1,3,3", " 2 , 5", "", "1,,2", "1-", "5-2", "1-99999999", "x", "0", "1-1048577"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		set, err := IntSet(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset > len(s) {
				t.Fatalf("IntSet(%q): %v is not a SyntaxError within the text", s, err)
			}
			return
		}
		if !slices.IsSorted(set) || len(slices.Compact(slices.Clone(set))) != len(set) || set[0] < 1 {
			t.Fatalf("IntSet(%q) = %v: not increasing positive numbers", s, set)
		}
		again, err := IntSet(FormatIntSet(set))
		if err != nil || !slices.Equal(again, set) {
			t.Fatalf("IntSet(%q) = %v, written %q, read back %v, %v", s, set, FormatIntSet(set), again, err)
		}
	})
}

func TestIntSet(t *testing.T) {
	for s, want := range map[string]string{"1,3,4": "1,3,4", "4,1,3,3": "1,3,4", "1,2,3,7": "1-3,7", " 2 , 5": "2,5"} {
		set, err := IntSet(s)
		if err != nil || FormatIntSet(set) != want {
			t.Errorf("IntSet(%q) = %v, %v; want %s", s, set, err, want)
		}
	}
}
