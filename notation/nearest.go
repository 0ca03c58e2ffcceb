package notation

import "strings"

// Nearest returns the name in names closest to name by edit distance
// (Levenshtein, compared in lower case) when it is close enough to be a
// likely typo: at most 2 edits, and fewer than the name's length (so that
// "x" suggests nothing); "" otherwise, or when name is one of names. It is
// what "did you mean" suggestions are made of (problem ids, strategy
// names; the catalog's game names use the same rule).
func Nearest(name string, names []string) string {
	key := strings.ToLower(name)
	best, bestD := "", 3
	for _, n := range names {
		d := EditDistance(key, strings.ToLower(n))
		if d == 0 {
			return ""
		}
		if d < bestD && d < len(key) {
			best, bestD = n, d
		}
	}
	return best
}

// EditDistance is the Levenshtein distance between a and b, counted in
// bytes: the measure of every "did you mean" (game, ruleset, problem and
// strategy names).
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
