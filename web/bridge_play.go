package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/grundy/grundy/bridge"
)

// bridgePlay answers /api/bridge/play: a deal (deal=, or n= and seed=)
// played from start= (default 1) by a person in the seats as= (A, P or
// positions; default A) against the optimal line. plays= lists the cards
// the person has put down so far, in order; the computer plays every other
// seat by minimax (bridge.Round.Advance), and the answer is the round so
// far (bridge.Record, as `grundy bridge play --json` prints it), up to the
// person's next turn or the end. The server keeps no state: each request
// replays the round.
func (s *Server) bridgePlay(r *http.Request) (any, error) {
	d, seed, err := s.readDeal(r)
	if err != nil {
		return nil, err
	}
	n := d.N()
	if n > bridge.MaxPlayN {
		return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("a deal is played move by move for n ≤ %d, this one has n = %d", bridge.MaxPlayN, n)}
	}
	start, err := s.intFieldOr(r, "start", 1, int64(2*n), 1)
	if err != nil {
		return nil, err
	}
	as, err := s.field(r, "as", false)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(as) == "" {
		as = "A"
	}
	seats, err := bridge.ParseSeats(as, n)
	if err != nil {
		return nil, badRequest("parameter \"as\": %v", err)
	}
	text, err := s.field(r, "plays", false)
	if err != nil {
		return nil, err
	}
	cards, err := parsePlays(text)
	if err != nil {
		return nil, err
	}
	round, err := d.NewRound(int(start))
	if err != nil {
		return nil, err
	}
	for i, c := range cards {
		if err := r.Context().Err(); err != nil {
			return nil, err
		}
		round.Advance(seats)
		if round.Over() {
			return nil, badRequest("parameter \"plays\": play %d (card %d): the deal is over, every player has played", i+1, c)
		}
		if _, err := round.Play(c); err != nil {
			return nil, badRequest("parameter \"plays\": play %d (card %d): %v", i+1, c, err)
		}
	}
	round.Advance(seats)
	rec := round.Record(seats)
	rec.Seed = seed
	return &rec, nil
}

// parsePlays reads plays=: cards separated by commas or blanks.
func parsePlays(text string) ([]int, error) {
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
	cards := make([]int, 0, len(words))
	for i, w := range words {
		c, err := strconv.Atoi(w)
		if err != nil || c < 1 {
			return nil, badRequest("parameter \"plays\": play %d, %q, is not a card (a whole number ≥ 1)", i+1, w)
		}
		cards = append(cards, c)
	}
	return cards, nil
}
