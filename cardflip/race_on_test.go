//go:build race

package cardflip

// RaceDetector says whether the tests run under go test -race.
const RaceDetector = true
