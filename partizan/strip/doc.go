// Package strip holds the partizan rulesets played on a row of cells,
// written as CGSuite writes its strips: Toads and Frogs ("ttt..fff",
// toads Left's) and Toppling Dominoes ("lrrlrrl", blue dominoes Left's).
//
// Each implements partizan.Ruleset, Splitter (the independent parts of a
// strip) and ConjugateKey (the strip reversed with its two kinds of
// pieces exchanged, or its colours exchanged, negates the value), and
// partizan.SplitKeyer (both in one pass). A strip of up to 64 cells is
// held as two bit sets and played by word operations; a longer one as
// its string of cells, cell by cell (general.go), which the tests hold
// the bit sets to on every short strip.
package strip
