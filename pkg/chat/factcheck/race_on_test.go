//go:build race

package factcheck_test

// raceEnabled says the tests run under the race detector (race_off_test.go says the other).
const raceEnabled = true
