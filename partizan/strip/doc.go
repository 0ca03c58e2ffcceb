// Package strip holds the partizan rulesets played on a row of cells,
// written as CGSuite writes its strips: Toads and Frogs ("ttt..fff",
// toads Left's) and Toppling Dominoes ("lrrlrrl", blue dominoes Left's).
//
// Each implements partizan.Ruleset, Splitter (the independent parts of a
// strip) and ConjugateKey (the strip reversed with its two kinds of
// pieces exchanged, or its colours exchanged, negates the value).
package strip
