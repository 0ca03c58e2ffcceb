package partizan

import (
	"sync"
	"testing"
)

// TestSharedStore runs sums on one store from several goroutines (run with
// -race): every goroutine gets the same games.
func TestSharedStore(t *testing.T) {
	s := NewStore(Config{})
	want := map[string]Game{}
	c := testCalc(s)
	exprs := []string{"{1|*} + ^ + {3||2|1}", "{3||2|1} + {3||2|1}", "Tiny(2) + ^*", "{1|0} + {1/2|-1/2} + {1/4|-1/4}"}
	for _, e := range exprs {
		want[e] = mustParse(t, c, e)
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			c := testCalc(s)
			for i := 0; i < 20; i++ {
				e := exprs[(i+w)%len(exprs)]
				g, err := c.Parse(e)
				if err != nil {
					t.Error(err)
					return
				}
				if g != want[e] || Format(g) != Format(want[e]) {
					t.Errorf("%s: %v, want %v", e, g, want[e])
				}
				if _, err := c.Thermograph(g); err != nil {
					t.Error(err)
				}
			}
		}(w)
	}
	wg.Wait()
}
