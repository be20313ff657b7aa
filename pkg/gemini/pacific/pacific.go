// Package pacific is the time zone of the provider's daily quota reset, America/Los_Angeles,
// from an embedded copy of its zone file (2.8 KB): the Lambda image has no time-zone
// database, and time/tzdata would embed all of them (about 450 KB). The adapter and the fake
// provider both read their day from it.
package pacific

import (
	_ "embed"
	"sync"
	"time"
)

//go:embed zoneinfo/America_Los_Angeles
var zone []byte

// Location is America/Los_Angeles.
var Location = sync.OnceValue(func() *time.Location {
	loc, err := time.LoadLocationFromTZData("America/Los_Angeles", zone)
	if err != nil {
		panic("pacific: embedded America/Los_Angeles: " + err.Error())
	}
	return loc
})
