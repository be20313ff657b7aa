package httpapi

// The daily budget: the UTC day's estimated spend (each answer's cost_usd, added up across
// instances through Options.Spending) against Options.DailyBudgetUSD. Once it is spent, every
// question is refused with a 429 until midnight UTC, without calling the model.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Spending counts the day's spend across the service's instances (package state's Shared):
// Count reads a counter, Add adds to it atomically and returns the new total. Both must
// bound their own calls and absorb their own failures.
type Spending interface {
	Count(ctx context.Context, key string) float64
	Add(ctx context.Context, key string, n float64, expires time.Time) float64
}

// spendKey is the day's counter (README, "Shared state"): spend#2026-03-01.
func spendKey(day time.Time) string { return "spend#" + day.UTC().Format(time.DateOnly) }

// dayEnd is the next midnight UTC after t.
func dayEnd(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC)
}

// spendKept is how long a day's counter is kept after the day: the dashboard and an operator
// can still read yesterday's.
const spendKept = 48 * time.Hour

var errBudgetSpent = errors.New("the daily budget (DAILY_BUDGET_USD) is spent")

// budgetSpent is the 429 of a spent daily budget, or nil while some of it is left.
func (h *Handler) budgetSpent(ctx context.Context) *Error {
	if h.budget <= 0 || h.spending == nil {
		return nil
	}
	now := time.Now()
	if h.spending.Count(ctx, spendKey(now)) < h.budget {
		return nil
	}
	wait := dayEnd(now).Sub(now)
	return &Error{Code: CodeRateLimited, Status: http.StatusTooManyRequests, Message: MsgRateLimited,
		Details:    fmt.Sprintf("the service's daily budget is spent; it resets at midnight UTC, in %s", humanWait(wait)),
		RetryAfter: wait, InStream: "The service's daily budget is spent; it resets at midnight UTC.", Cause: errBudgetSpent}
}

// spend adds an answer's estimated cost to the day's spend.
func (h *Handler) spend(cost float64) {
	if cost <= 0 || h.spending == nil {
		return
	}
	now := time.Now()
	h.spending.Add(context.Background(), spendKey(now), cost, dayEnd(now).Add(spendKept))
}
