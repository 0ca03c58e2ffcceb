// Package grid holds the partizan rulesets played on rectangular boards:
// Domineering, Cram and Clobber, with CGSuite's board notation (rows from
// the top separated by "|", one character a cell: "xox|ox.", ".#..|....").
//
// Each ruleset implements partizan.Ruleset (Options, Key), Splitter (a
// board is the sum of its regions that no move connects, each cropped to
// its smallest board) and ConjugateKey (its symmetries that exchange the
// players, which negate the value). Who is Left: in Domineering the player
// placing vertical dominoes, in Clobber the player of the black stones (x).
package grid
