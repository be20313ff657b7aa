package tokenfacts

import (
	"reflect"
	"slices"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// dropUnsound is the assembly's last line of defence for the rule that every number in Facts
// is sound (see maxMagnitude): numbers are checked where they are read and where they are
// computed, and this walk catches whatever a future source or formula lets through. An
// unsound optional number becomes unknown (nil); a series point with an unsound close is
// dropped. It reports how many numbers it dropped. encoding/json refuses NaN and infinities,
// so a single one left in Facts would cost the stream its d: line.
func dropUnsound(f *token.Facts) int {
	n := 0
	if h := f.History; h != nil {
		before := len(h.Points)
		h.Points = slices.DeleteFunc(h.Points, func(p token.Point) bool { return !sound(float64(p.Close)) })
		n += before - len(h.Points)
	}
	return n + walkUnsound(reflect.ValueOf(f).Elem())
}

var floatType = reflect.TypeFor[float64]()

// walkUnsound clears the unsound *float64 (and pointers to named float types) under v and
// zeroes unsound plain floats, counting them.
func walkUnsound(v reflect.Value) int {
	n := 0
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return 0
		}
		if e := v.Elem(); e.Kind() == reflect.Float64 || e.Kind() == reflect.Float32 {
			if !sound(e.Convert(floatType).Float()) && v.CanSet() {
				v.SetZero()
				return 1
			}
			return 0
		}
		return walkUnsound(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				n += walkUnsound(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			n += walkUnsound(v.Index(i))
		}
	case reflect.Float64, reflect.Float32:
		if !sound(v.Float()) && v.CanSet() {
			v.SetZero()
			n++
		}
	}
	return n
}
