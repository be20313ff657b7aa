//go:build !race

package factcheck_test

// raceEnabled says the tests run under the race detector (race_on_test.go says the other).
const raceEnabled = false
