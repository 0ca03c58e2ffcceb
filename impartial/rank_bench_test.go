package impartial_test

import (
	"context"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/octal"
)

// BenchmarkAnalyzeAllOptions: every option of a position with what it
// leads to (the explorer's question, /api/solve?all=1), ranked by
// remoteness where the game tree fits the ranking search: a sum of Nim
// heaps, a subtraction game, Wythoff's game (outcome rule), Kayles rows
// (moves that split a row), and a Kayles row too large to rank.
func BenchmarkAnalyzeAllOptions(b *testing.B) {
	ctx := context.Background()
	sub, _ := games.NewSubtraction([]int{1, 3, 4})
	c, _ := octal.ParseCode("0.77")
	kayles := octal.New(c)
	q := impartial.Query{AllOptions: true, Settings: impartial.Settings{Budget: impartial.DefaultBudget}}
	b.Run("nim_3_4_5_6", func(b *testing.B) {
		for b.Loop() {
			impartial.Analyze(ctx, impartial.Game[int](games.Nim{}), []int{3, 4, 5, 6}, q)
		}
	})
	b.Run("nim_8_9_10_11", func(b *testing.B) {
		for b.Loop() {
			impartial.Analyze(ctx, impartial.Game[int](games.Nim{}), []int{8, 9, 10, 11}, q)
		}
	})
	b.Run("subtract1,3,4_20_21_22", func(b *testing.B) {
		for b.Loop() {
			impartial.Analyze(ctx, impartial.Game[int](sub), []int{20, 21, 22}, q)
		}
	})
	b.Run("wythoff_9_15", func(b *testing.B) {
		for b.Loop() {
			impartial.Analyze(ctx, impartial.Game[games.Pair](games.Wythoff{}), []games.Pair{{A: 9, B: 15}}, q)
		}
	})
	b.Run("kayles_3_5", func(b *testing.B) {
		for b.Loop() {
			impartial.Analyze(ctx, impartial.Game[octal.Parts](octal.NewValued(kayles)), []octal.Parts{{3}, {5}}, q)
		}
	})
	b.Run("kayles_25", func(b *testing.B) {
		for b.Loop() {
			impartial.Analyze(ctx, impartial.Game[octal.Parts](octal.NewValued(kayles)), []octal.Parts{{25}}, q)
		}
	})
	b.Run("kayles_60_too_large", func(b *testing.B) {
		for b.Loop() {
			impartial.Analyze(ctx, impartial.Game[octal.Parts](octal.NewValued(kayles)), []octal.Parts{{60}}, q)
		}
	})
}
