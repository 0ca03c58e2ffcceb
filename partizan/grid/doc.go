// Package grid holds the partizan rulesets played on rectangular boards:
// Domineering, Cram, Clobber, Amazons and Konane, with CGSuite's board notation
// (rows from the top separated by "|", one character a cell: "xox|ox.",
// ".#..|....", "x...|o...").
//
// Each ruleset implements partizan.Ruleset (Options, Key), Splitter (a
// board is the sum of its regions that no move connects, each cropped to
// its smallest board) and ConjugateKey (its symmetries that exchange the
// players, which negate the value). Who is Left: in Domineering the player
// placing vertical dominoes, in Clobber, Amazons and Konane the player of
// the black pieces (x).
package grid
