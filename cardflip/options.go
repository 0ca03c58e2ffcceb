package cardflip

import (
	"fmt"
	"strconv"
	"strings"
)

// The rules options as text: the one parser behind the CLI's --players,
// --model and --variant flags and the web lab's players=, model= and
// variant= parameters, so both accept the same words and refuse the rest
// with the same text.

// OptionError is a rules option whose value is not one of the accepted
// ones. Option names it (players, model or variant); Want lists what is
// accepted. Front ends name the option their way (--model, parameter
// "model") with Message.
type OptionError struct {
	Option string
	Value  string
	Want   string
}

// Message is the complaint without the package prefix or the option's
// name: `must be table or turn, not "psychic"`.
func (e *OptionError) Message() string {
	return fmt.Sprintf("must be %s, not %q", e.Want, e.Value)
}

func (e *OptionError) Error() string {
	return "cardflip: " + e.Option + " " + e.Message()
}

// ParseModel reads an information model: table (or table-only) for
// TableOnly, turn (or table+turn) for TurnNumber; "" is the default,
// TableOnly. Model.String's words read back.
func ParseModel(s string) (Model, error) {
	switch s {
	case "", "table", "table-only":
		return TableOnly, nil
	case "turn", "table+turn":
		return TurnNumber, nil
	}
	return 0, &OptionError{Option: "model", Value: s, Want: "table or turn"}
}

// ParseVariant reads a rule variant: standard, free (or
// free-communication), fixed (or fixed-after-look) or rearrange; "" is
// the default, Standard. Variant.String's words read back.
func ParseVariant(s string) (Variant, error) {
	switch s {
	case "", "standard":
		return Standard, nil
	case "free", "free-communication":
		return FreeCommunication, nil
	case "fixed", "fixed-after-look":
		return FixedAfterLook, nil
	case "rearrange":
		return Rearrange, nil
	}
	return 0, &OptionError{Option: "variant", Value: s, Want: "standard, free, fixed or rearrange"}
}

// MaxPlayers is the largest finite number of players. Each seat is a
// player of its own (with memory, for the strategies that have one), so n
// is bounded like m; more players than cards is what n = ∞ stands for.
const MaxPlayers = 1000

// ParsePlayers reads the number of players n: a whole number 0..MaxPlayers,
// where 0 means unbounded, or ∞ (also inf) for unbounded; "" is the
// default, 0. It is the one check of n for the CLI and the web lab, so a
// number too large is the same *OptionError as a word that is not a number.
func ParsePlayers(s string) (int, error) {
	t := strings.TrimSpace(s)
	switch strings.ToLower(t) {
	case "", "∞", "inf", "infinity":
		return 0, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n > MaxPlayers {
		return 0, &OptionError{Option: "players", Value: s, Want: playersWant}
	}
	return n, nil
}

var playersWant = fmt.Sprintf("a whole number from 0 to %d or ∞ (0 = ∞: every turn a new player)", MaxPlayers)

// FormatPlayers writes n as ParsePlayers reads it: ∞ for 0.
func FormatPlayers(n int) string {
	if n == 0 {
		return "∞"
	}
	return strconv.Itoa(n)
}
