// Package games is the library entry of partizan questions, what the CLI
// (grundy solve of a partizan ruleset, grundy value, grundy play) and the
// web API ask: the rulesets by name (Rulesets, the list of record that
// grundy games, /api/partizan/rulesets, shell completion and docs/games.md's
// rulesets table are made from, each ruleset with values the literature
// gives and their sources, Ruleset.Known; Lookup, with the nearest name
// for a typo), their positions in their documented syntax
// (Ruleset.Parse: errors are one line with the column), and three
// questions, each under one budget (Settings):
//
//   - Analyze: the value of a position in canonical form (as CGSuite writes
//     it), its outcome class, each side's winning moves (every option with
//     its value under Settings.All, or a page of them: Settings.Offset and
//     Limit), temperature, mean, stops and thermograph (its walls as
//     points, for drawing); each option says what it does for its player:
//     its result (a win or a loss) and its rank among its side's options
//     (best or dominated, and whether it is reversible: rank.go);
//   - Reply: the perfect player's move for a side;
//   - Calculate: the value calculator on expressions, "{1|*} + ^ + *3",
//     comparisons (<=, >=, ==, <, >, <> for confused).
//
// A position may be a sum mixing rulesets' positions, games in CGSuite's
// notation and impartial catalog games ("domineering '..|..' + kayles 7 +
// nim 3 + ^"): an impartial position of nim-value m equals the nimber *m as
// a partizan game (Sprague–Grundy; Winning Ways ch. 3), so each impartial
// component is asked of its catalog game (catalog.Resolver, the one door:
// no impartial logic here) and enters as that nimber. A sum's options are
// the moves in one component (the disjunctive sum), so a move of Left's
// wins when the sum it leads to is ≥ 0, one of Right's when it is ≤ 0
// (the fundamental theorem: G ≥ 0 exactly when Left wins moving second).
//
// The algebra is package partizan; the rulesets are partizan/grid,
// partizan/strip, partizan/graph, partizan/hackenbush and partizan/cutcake.
package games
