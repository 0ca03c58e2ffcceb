//go:build race

package optimum

// raceDetector says whether the tests run under go test -race.
const raceDetector = true
