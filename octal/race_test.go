//go:build race

package octal

// raceEnabled: the race detector slows the kernels tenfold; tests that
// start no goroutine skip under it (see skipUnderRace).
const raceEnabled = true
