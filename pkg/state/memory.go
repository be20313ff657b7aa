package state

import (
	"context"
	"sync"
	"time"
)

// DefaultMaxEntries bounds a Memory's keys by default.
const DefaultMaxEntries = 4096

// Memory is a Store in process memory: what one instance knows, lost with the process. It
// is the Store without STATE_TABLE, and where a Shared keeps state while its Store fails.
type Memory struct {
	now func() time.Time
	max int

	mu    sync.Mutex
	items map[string]Item
}

var _ Store = (*Memory)(nil)

// NewMemory returns an empty Memory of at most max keys (DefaultMaxEntries when max <= 0),
// on the clock now (time.Now when nil). Past max, expired keys are dropped first, then the
// key nearest its expiry.
func NewMemory(max int, now func() time.Time) *Memory {
	if max <= 0 {
		max = DefaultMaxEntries
	}
	if now == nil {
		now = time.Now
	}
	return &Memory{now: now, max: max, items: map[string]Item{}}
}

// Get returns the item under key unless it expired.
func (m *Memory) Get(_ context.Context, key string) (Item, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	it, ok := m.items[key]
	if !ok {
		return Item{}, false, nil
	}
	if !m.now().Before(it.Expires) {
		delete(m.items, key)
		return Item{}, false, nil
	}
	return it, true, nil
}

// Put stores value under key until expires.
func (m *Memory) Put(_ context.Context, key string, value []byte, expires time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.items[key] = Item{Value: value, Expires: expires}
	m.bound()
	return nil
}

// Add adds n to the counter under key (an expired one counts from zero).
func (m *Memory) Add(_ context.Context, key string, n float64, expires time.Time) (float64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	it, ok := m.items[key]
	if !ok || !m.now().Before(it.Expires) {
		it = Item{}
	}
	it.Count += n
	it.Expires = expires
	m.items[key] = it
	m.bound()
	return it.Count, nil
}

// Claim stores an empty item under key until expires unless a live one is there.
func (m *Memory) Claim(_ context.Context, key string, expires time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if it, ok := m.items[key]; ok && m.now().Before(it.Expires) {
		return false, nil
	}
	m.items[key] = Item{Expires: expires}
	m.bound()
	return true, nil
}

// bound drops keys past max: the expired ones, then those nearest their expiry. m.mu must
// be held.
func (m *Memory) bound() {
	if len(m.items) <= m.max {
		return
	}
	now := m.now()
	for k, it := range m.items {
		if !now.Before(it.Expires) {
			delete(m.items, k)
		}
	}
	for len(m.items) > m.max {
		first, at := "", time.Time{}
		for k, it := range m.items {
			if first == "" || it.Expires.Before(at) {
				first, at = k, it.Expires
			}
		}
		delete(m.items, first)
	}
}
