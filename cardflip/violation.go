package cardflip

import "fmt"

// Violation is a kind of illegal action.
type Violation int

const (
	// LookOutOfRange: the position looked at is not in 0..m−1.
	LookOutOfRange Violation = iota + 1
	// LookFaceUp: the card looked at is face up.
	LookFaceUp
	// NotNext: the card turned face up is not K+1.
	NotNext
	// IndexOutOfRange: the insert index is not in 0..m−1.
	IndexOutOfRange
	// CardFixed: the card was moved under the FixedAfterLook variant.
	CardFixed
	// MovedOtherCard: a card other than the one looked at was moved.
	MovedOtherCard
	// MovedFaceUp: a rearrangement moved a face-up card.
	MovedFaceUp
	// BadOrder: a rearrangement is not a permutation of the row.
	BadOrder
	// TurnLimit: the game did not end within Rules.MaxTurns turns.
	TurnLimit
)

var violationText = map[Violation]string{
	LookOutOfRange:  "looked at a position outside the row",
	LookFaceUp:      "looked at a face-up card",
	NotNext:         "turned face up a card that is not the next one",
	IndexOutOfRange: "insert index outside the row",
	CardFixed:       "moved a card that must stay where it was (fixed-after-look)",
	MovedOtherCard:  "moved a card other than the one looked at",
	MovedFaceUp:     "rearrangement moves a face-up card",
	BadOrder:        "rearrangement is not a permutation of the row",
	TurnLimit:       "game did not end within the turn limit",
}

func (v Violation) Error() string { return "cardflip: " + violationText[v] }

// ActionError is an illegal action by a strategy. errors.Is(err, NotNext)
// and the like test its kind.
type ActionError struct {
	Kind  Violation
	Turn  int
	Pos   int // the position looked at
	Value int // the number seen (the limit for TurnLimit)
	K     int // the largest face-up number, for NotNext
	Index int // the offending insert index or Order entry
}

func (e *ActionError) Unwrap() error { return e.Kind }

func (e *ActionError) Error() string {
	s := fmt.Sprintf("cardflip: turn %d: %s", e.Turn, violationText[e.Kind])
	switch e.Kind {
	case LookOutOfRange:
		s += fmt.Sprintf(" (position %d)", e.Pos)
	case LookFaceUp:
		s += fmt.Sprintf(" (position %d shows %d)", e.Pos, e.Value)
	case NotNext:
		s += fmt.Sprintf(" (card %d at position %d; the next card is %d)", e.Value, e.Pos, e.K+1)
	case IndexOutOfRange, CardFixed:
		s += fmt.Sprintf(" (card %d from position %d to index %d)", e.Value, e.Pos, e.Index)
	case MovedOtherCard, MovedFaceUp, BadOrder:
		s += fmt.Sprintf(" (Order entry %d)", e.Index)
	case TurnLimit:
		s += fmt.Sprintf(" (%d turns)", e.Value)
	}
	return s
}
