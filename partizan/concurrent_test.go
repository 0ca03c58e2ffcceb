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

// TestReadWhileGrowing reads games (their options, Format) without the
// store's lock while another goroutine adds records across many record
// and option chunks (run with -race: the record directory grows by append
// within its capacity, which readers holding an older length must not
// see as a race).
func TestReadWhileGrowing(t *testing.T) {
	s := NewStore(Config{})
	c := testCalc(s)
	seed := []Game{mustParse(t, c, "{3||2|1}"), mustParse(t, c, "{1|*}"), mustParse(t, c, "Tiny(2)")}
	texts := make([]string, len(seed))
	for i, g := range seed {
		texts[i] = Format(g)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(done)
		w := testCalc(s)
		g := seed[0]
		for i := 0; i < 400; i++ { // well past a record chunk of 128
			h, err := w.New([]Game{g, seed[i%3]}, []Game{s.Number(Int(int64(-i)))})
			if err != nil {
				t.Error(err)
				return
			}
			g = h
		}
	}()
	for reading := true; reading; {
		select {
		case <-done:
			reading = false
		default:
		}
		for i, g := range seed {
			if f := Format(g); f != texts[i] {
				t.Fatalf("Format(%d) = %s while the store grew, want %s", i, f, texts[i])
			}
			for o := range g.Options(Left) {
				_ = Format(o)
			}
		}
	}
	wg.Wait()
	if s.Len() < 300 {
		t.Fatalf("the store holds %d games; the test meant to grow it past 300", s.Len())
	}
}
