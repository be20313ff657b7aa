// Command statebench measures what the shared state (STATE_TABLE, package state) costs and
// saves: the time a read or write of the table adds to a question, cold and warm, and the calls
// each token-data API receives when one instance, or four, answer the same questions, with
// and without a table they share. It runs the real handler, genai client, token-facts client
// and DynamoDB client in process, against the fake provider, the fakes of the token-data APIs
// (their answers delayed 100 ms, like the live APIs) and dynalite (internal/dynalite: node, on
// loopback), so the table's own latency is dynalite's on this machine, not DynamoDB's.
//
//	go run ./internal/loadtest/cmd/statebench          # from the module root (make bench)
//	go run ./internal/loadtest/cmd/statebench -n 9
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/chatsvc/chat/internal/dynalite"
	"github.com/chatsvc/chat/internal/loadtest"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/httpapi"
	"github.com/chatsvc/chat/pkg/state"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

func main() {
	n := flag.Int("n", 7, "questions per row")
	flag.Parse()
	if err := run(*n); err != nil {
		fmt.Fprintln(os.Stderr, "statebench:", err)
		os.Exit(1)
	}
}

var apis = []fakesources.API{fakesources.DexScreener, fakesources.GoPlus, fakesources.GoPlusAddress,
	fakesources.Honeypot, fakesources.RugCheck, fakesources.GeckoTerminal}

type bench struct {
	up     *fakeprovider.Server
	fake   *fakesources.Server
	data   string
	db     *dynalite.Dynalite
	tables int
}

func run(n int) error {
	db, err := dynalite.Launch()
	if errors.Is(err, dynalite.ErrNoNode) {
		fmt.Println("statebench: skipped, node is not installed (dynalite needs it)") // as the tests skip
		return nil
	}
	if err != nil {
		return err
	}
	defer db.Stop()
	b := &bench{db: db}
	b.up = fakeprovider.NewServer(func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("Risk is high."), fakeprovider.Finish("STOP"))
	})
	defer b.up.Close()
	b.fake = fakesources.New()
	srv := httptest.NewServer(b.fake)
	defer func() { b.fake.Close(); srv.Close() }()
	b.data = srv.URL
	for _, a := range apis {
		b.fake.SetFault(a, fakesources.Fault{Kind: fakesources.Slow, Delay: 100 * time.Millisecond})
	}
	fmt.Printf("statebench %s: dynalite on loopback; token APIs answer in 100 ms; %d questions a row (median, min-max)\n\n",
		time.Now().UTC().Format(time.RFC3339), n)
	if err := b.operations(); err != nil {
		return err
	}
	if err := b.latency(n); err != nil {
		return err
	}
	return b.calls()
}

// shared is a Shared over a new table, or process memory when table is false.
func (b *bench) shared(table bool) (*state.Shared, error) {
	if !table {
		return state.NewShared(nil, state.Options{}), nil
	}
	b.tables++
	name := fmt.Sprintf("bench-%d", b.tables)
	if err := b.db.CreateTable(name); err != nil {
		return nil, err
	}
	return b.sharedOn(name)
}

func (b *bench) sharedOn(name string) (*state.Shared, error) {
	store, err := state.NewDynamo(context.Background(), name, b.db.Getenv)
	if err != nil {
		return nil, err
	}
	return state.NewShared(store, state.Options{}), nil
}

// operations times the Shared's calls themselves.
func (b *bench) operations() error {
	s, err := b.shared(true)
	if err != nil {
		return err
	}
	ctx, later := context.Background(), time.Now().Add(time.Hour)
	value := make([]byte, 4<<10) // a token API's answer is a few KB
	const k = 200
	var put, miss, read, held, add []time.Duration
	for i := range k {
		key := fmt.Sprintf("facts#bench#%d", i)
		t := time.Now()
		s.Get(ctx, key) // not held, not in the table: a GetItem
		miss = append(miss, time.Since(t))
		t = time.Now()
		s.Put(ctx, key, value, later)
		put = append(put, time.Since(t))
		t = time.Now()
		s.Get(ctx, key)
		held = append(held, time.Since(t))
		t = time.Now()
		s.Add(ctx, "spend#bench", 0.001, later)
		add = append(add, time.Since(t))
	}
	other, err := b.sharedOn(fmt.Sprintf("bench-%d", b.tables)) // another instance: nothing held
	if err != nil {
		return err
	}
	for i := range k {
		t := time.Now()
		other.Get(ctx, fmt.Sprintf("facts#bench#%d", i))
		read = append(read, time.Since(t))
	}
	fmt.Printf("one call of the shared state (%d each, a 4 KB value)\n", k)
	for _, r := range []struct {
		what string
		d    []time.Duration
	}{
		{"Get, held in process memory (warm)", held},
		{"Get, another instance's item (GetItem, cold)", read},
		{"Get, no such item (GetItem, cold)", miss},
		{"Put (PutItem)", put},
		{"Add (UpdateItem ADD)", add},
	} {
		fmt.Printf("  %-48s %s\n", r.what, loadtest.Spread(r.d, 100*time.Nanosecond))
	}
	return nil
}

// stack is one instance: the endpoint with its own token-facts client and account memory, on
// shared (process memory when it is not Remote).
func (b *bench) stack(shared *state.Shared, budget float64) *httptest.Server {
	m, _ := gemini.ResolveModel("")
	gc := gemini.Config{Model: m, MaxTokens: 1000, WebSearch: true, URLContext: true, BaseURL: b.up.BaseURL()}
	cfg := fakesources.Config(b.data)
	cfg.Now = fakesources.Now
	if shared.Remote() {
		gc.Shared, cfg.Shared = shared, shared
	}
	return httptest.NewServer(httpapi.NewHandler(httpapi.Options{Model: gemini.New(gc), APIKey: func() string { return "bench-key" },
		Logger: slog.New(slog.DiscardHandler), TokenFacts: tokenfacts.New(cfg), DailyBudgetUSD: budget, Spending: shared}))
}

// latency is the time to first text of a contract question with and without a table, for an
// instance that holds nothing (cold) and one that asked before (warm).
func (b *bench) latency(n int) error {
	fmt.Printf("\ntime to first text of a contract question (EVM, %s), DAILY_BUDGET_USD set\n", fakesources.EVMHoneypot)
	rows := []struct {
		label       string
		table, warm bool
		tableWarm   bool // another instance read the token into the table first
	}{
		{"no table, cold instance", false, false, false},
		{"no table, warm instance", false, true, false},
		{"table, cold instance, token new to the table", true, false, false},
		{"table, cold instance, token in the table", true, false, true},
		{"table, warm instance", true, true, false},
	}
	for _, r := range rows {
		var times []time.Duration
		for range n {
			shared, err := b.shared(r.table)
			if err != nil {
				return err
			}
			if r.tableWarm {
				w := b.stack(shared, 100)
				if _, err := loadtest.FirstText(w.URL, fakesources.EVMHoneypot); err != nil {
					return err
				}
				w.Close()
				time.Sleep(300 * time.Millisecond) // its follow-up fetches land
				if shared, err = b.sharedOn(fmt.Sprintf("bench-%d", b.tables)); err != nil {
					return err
				}
			}
			srv := b.stack(shared, 100)
			if r.warm {
				if _, err := loadtest.FirstText(srv.URL, fakesources.EVMHoneypot); err != nil {
					return err
				}
			}
			d, err := loadtest.FirstText(srv.URL, fakesources.EVMHoneypot)
			if err != nil {
				return err
			}
			srv.Close()
			times = append(times, d)
		}
		fmt.Printf("  %-48s %s\n", r.label, loadtest.Spread(times, 10*time.Microsecond))
	}
	return nil
}

// calls counts each API's requests for 20 questions about two tokens, asked in turn of k
// instances, with or without one table; and for four instances asked at the same instant.
func (b *bench) calls() error {
	tokens := []string{fakesources.EVMMultiChain, fakesources.SolanaPumpFun}
	fmt.Printf("\ncalls to each token API for 20 questions about 2 tokens (%s)\n", strings.Join(names(), ", "))
	for _, r := range []struct {
		label     string
		instances int
		table     bool
		burst     bool
	}{
		{"1 instance", 1, false, false},
		{"4 instances, no table", 4, false, false},
		{"4 instances, one table", 4, true, false},
		{"4 instances, one table, asked at once", 4, true, true},
	} {
		var servers []*httptest.Server
		var table *state.Shared
		for range r.instances {
			shared, err := b.shared(r.table && table == nil)
			if err != nil {
				return err
			}
			if r.table && table != nil {
				if shared, err = b.sharedOn(fmt.Sprintf("bench-%d", b.tables)); err != nil {
					return err
				}
			}
			table = shared
			servers = append(servers, b.stack(shared, 100))
		}
		before := counts(b.fake)
		for _, tok := range tokens {
			// Ten questions a token, each instance in turn; in a burst the first round's
			// instances ask at the same instant.
			var wg sync.WaitGroup
			for q := range 10 {
				srv := servers[q%len(servers)]
				if r.burst && q < len(servers) {
					wg.Go(func() { _, _ = loadtest.FirstText(srv.URL, tok) })
					continue
				}
				wg.Wait()
				_, _ = loadtest.FirstText(srv.URL, tok)
				time.Sleep(250 * time.Millisecond) // its follow-up fetches land
			}
			wg.Wait()
		}
		time.Sleep(300 * time.Millisecond)
		after := counts(b.fake)
		var cells []string
		for _, a := range apis {
			cells = append(cells, fmt.Sprint(after[a]-before[a]))
		}
		fmt.Printf("  %-40s %s\n", r.label, strings.Join(cells, ", "))
		for _, s := range servers {
			s.Close()
		}
	}
	return nil
}

func names() []string {
	var out []string
	for _, a := range apis {
		out = append(out, string(a))
	}
	return out
}

func counts(f *fakesources.Server) map[fakesources.API]int64 {
	m := map[fakesources.API]int64{}
	for _, a := range apis {
		m[a] = f.Requests(a)
	}
	return m
}
