package httpapi_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/chat/prompt"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/httpapi"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// tokenStack is the endpoint with token facts read from the fakes of their APIs.
func tokenStack(t *testing.T, budget time.Duration) (*teststack.Stack, *fakesources.Server) {
	t.Helper()
	return tokenStackAnswering(t, budget, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("The facts say: high risk."), fakeprovider.Finish("STOP"))
	})
}

// tokenStackAnswering is tokenStack with the provider's answers scripted.
func tokenStackAnswering(t testing.TB, budget time.Duration, script fakeprovider.Script, opts ...teststack.Option) (*teststack.Stack, *fakesources.Server) {
	t.Helper()
	fake := fakesources.New()
	srv := httptest.NewServer(fake)
	t.Cleanup(func() { fake.Close(); srv.Close() })
	cfg := fakesources.Config(srv.URL)
	cfg.Budget, cfg.Now = budget, fakesources.Now
	facts := tokenfacts.New(cfg)
	st := teststack.Start(t, script, append(opts, teststack.WithOptions(func(o *httpapi.Options) { o.TokenFacts = facts }))...)
	return st, fake
}

func contractQuestion(addrs ...string) string {
	var msgs []map[string]string
	for i, a := range addrs {
		if i > 0 {
			msgs = append(msgs, map[string]string{"role": "assistant", "content": "Noted."})
		}
		msgs = append(msgs, map[string]string{"role": "user", "content": "[Contract Address: " + a + "]\n\nIs this token safe to hold?"})
	}
	b, _ := json.Marshal(map[string]any{"messages": msgs})
	return string(b)
}

// serverContext is the JSON block of server-made context in a request's system instruction.
func serverContext(t *testing.T, r fakeprovider.Request) (text string, block struct {
	ContractAddresses []struct {
		Address string                 `json:"address"`
		Facts   map[string]any         `json:"facts"`
		Pages   []string               `json:"pagesToRead"`
		Rest    map[string]interface{} `json:"-"`
	} `json:"contractAddresses"`
}) {
	t.Helper()
	text = r.Body.SystemInstruction.Parts[0].Text
	_, body, ok := strings.Cut(text, prompt.ContextHeader+"\n")
	if !ok {
		t.Fatalf("no server-made context in the system instruction")
	}
	if err := json.Unmarshal([]byte(body), &block); err != nil {
		t.Fatalf("the context is not one JSON block: %v\n%s", err, body)
	}
	return text, block
}

func TestContractQuestionCarriesTheFacts(t *testing.T) {
	st, _ := tokenStack(t, 2*time.Second)
	resp := st.Post(t, contractQuestion(fakesources.EVMHoneypot))
	m := teststack.ReadStream(t, resp.Body).Metadata(t)

	// To the model, as data with its sources, and at most three URLs for the address.
	req := st.Upstream.Answered()[0]
	_, block := serverContext(t, req)
	if len(block.ContractAddresses) != 1 {
		t.Fatalf("%d address blocks", len(block.ContractAddresses))
	}
	facts := block.ContractAddresses[0].Facts
	b, _ := json.Marshal(facts)
	for _, want := range []string{`"chain":"bsc"`, `"source":"GoPlus"`, `"source":"honeypot.is"`, `"sell_percent":99`, `"sell_percent":100`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the model's facts lack %s:\n%s", want, b)
		}
	}
	if n := req.URLCount(); n > prompt.MaxPages {
		t.Errorf("the request holds %d URLs, want at most %d for one address", n, prompt.MaxPages)
	}

	// To the caller: tokens in d:, and the pages behind the facts among the sources.
	tokens, _ := m["tokens"].([]any)
	if len(tokens) != 1 {
		t.Fatalf("d: tokens = %v", m["tokens"])
	}
	tok := tokens[0].(map[string]any)["token"].(map[string]any)
	if !strings.EqualFold(fmt.Sprint(tok["address"]), fakesources.EVMHoneypot) || tok["chain"] != "bsc" {
		t.Errorf("d: token = %v", tok)
	}
	var urls []string
	for _, s := range m["sources"].([]any) {
		urls = append(urls, fmt.Sprint(s.(map[string]any)["url"]))
	}
	all := strings.Join(urls, " ")
	for _, want := range []string{"https://dexscreener.com/bsc/", "https://gopluslabs.io/token-security/56/", "https://honeypot.is/bsc?address="} {
		if !strings.Contains(all, want) {
			t.Errorf("sources lack %s: %v", want, urls)
		}
	}
	line := st.Logs.WaitRequestLog(t, 1)[0]
	if line["tokens"] != 1.0 || line["token_facts_ms"] == nil {
		t.Errorf("the request log does not count the facts: %v", line)
	}
}

// A token whose name is a 500-character prompt injection with a right-to-left override
// reaches the model only clipped, without the override, inside a JSON string.
func TestHostileTokenNameStaysInItsJSONString(t *testing.T) {
	st, _ := tokenStack(t, 2*time.Second)
	resp := st.Post(t, contractQuestion(fakesources.EVMHostile))
	teststack.ReadStream(t, resp.Body).Metadata(t)
	text, block := serverContext(t, st.Upstream.Answered()[0])
	if strings.ContainsRune(text, '\u202e') {
		t.Errorf("the system instruction holds a right-to-left override")
	}
	name := fmt.Sprint(block.ContractAddresses[0].Facts["token"].(map[string]any)["name"])
	if n := len([]rune(name)); n == 0 || n > 64 {
		t.Errorf("name has %d runes, want it clipped to at most 64: %q", n, name)
	}
	// The name stands once in the instruction, as the value of a JSON string.
	quoted, _ := json.Marshal(name)
	if strings.Count(text, string(quoted)) != 1 || strings.Count(text, name) != 1 {
		t.Errorf("the name %q appears outside its JSON string", name)
	}
	if strings.Contains(strings.ToLower(text), "javascript:") {
		t.Errorf("the token's own link reached the model")
	}
}

// Sources that never answer cost the answer no more than the budget, and the facts say they
// were unavailable.
func TestHangingSourcesCostNoMoreThanTheBudget(t *testing.T) {
	const budget = 300 * time.Millisecond
	st, fake := tokenStack(t, budget)
	for _, api := range []fakesources.API{fakesources.DexScreener, fakesources.GoPlus, fakesources.Honeypot, fakesources.RugCheck} {
		fake.SetFault(api, fakesources.Fault{Kind: fakesources.Hang})
	}
	start := time.Now()
	resp := st.Post(t, contractQuestion(fakesources.EVMMultiChain, fakesources.SolanaPumpFun))
	s := teststack.ReadStream(t, resp.Body)
	first := s.Lines[0].At.Sub(start)
	if first > budget+700*time.Millisecond {
		t.Errorf("first line after %v, want within the budget of %v (and a margin)", first, budget)
	}
	m := s.Metadata(t)
	for _, tok := range m["tokens"].([]any) {
		if u, _ := tok.(map[string]any)["unavailable"].([]any); len(u) == 0 {
			t.Errorf("token %v has no unavailable sources", tok)
		}
	}
	if s.Text() == "" {
		t.Error("no answer")
	}

	// The fetches hang on in the background; the next question does not wait for them again.
	start = time.Now()
	resp = st.Post(t, contractQuestion(fakesources.EVMMultiChain, fakesources.SolanaPumpFun))
	s = teststack.ReadStream(t, resp.Body)
	if again := s.Lines[0].At.Sub(start); again > budget/2 {
		t.Errorf("the second question waited %v for sources known to hang", again)
	}
}

// Three addresses add at most nine URLs, and all three get facts.
func TestThreeAddressesAddAtMostNineURLs(t *testing.T) {
	st, _ := tokenStack(t, 2*time.Second)
	resp := st.Post(t, contractQuestion(fakesources.EVMHoneypot, fakesources.EVMRugged, fakesources.SolanaPumpFun))
	m := teststack.ReadStream(t, resp.Body).Metadata(t)
	req := st.Upstream.Answered()[0]
	if n := req.URLCount(); n > 3*prompt.MaxPages {
		t.Errorf("%d URLs, want at most %d", n, 3*prompt.MaxPages)
	}
	_, block := serverContext(t, req)
	if len(block.ContractAddresses) != 3 || len(m["tokens"].([]any)) != 3 {
		t.Errorf("%d blocks, %d tokens; want 3 and 3", len(block.ContractAddresses), len(m["tokens"].([]any)))
	}
	for _, b := range block.ContractAddresses {
		if b.Facts == nil {
			t.Errorf("%s has no facts", b.Address)
		}
	}
}

// The UI message stream sends the facts as data-token parts before the first text; Chat
// Completions cites their pages.
func TestFactsInTheOtherProtocols(t *testing.T) {
	st, _ := tokenStack(t, 2*time.Second)
	body := `{"messages":[{"id":"u1","role":"user","parts":[{"type":"text","text":"[Contract Address: ` + fakesources.SolanaPumpFun + `]\n\nSafe?"}]}]}`
	resp := st.Post(t, body)
	var types []string
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok || data == "[DONE]" {
			continue
		}
		var c struct {
			Type string          `json:"type"`
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal([]byte(data), &c); err != nil {
			t.Fatalf("chunk %s: %v", data, err)
		}
		types = append(types, c.Type)
		if c.Type == "data-token" {
			var d map[string]any
			_ = json.Unmarshal(c.Data, &d)
			if d["token"].(map[string]any)["address"] != fakesources.SolanaPumpFun {
				t.Errorf("data-token = %s", c.Data)
			}
		}
	}
	joined := strings.Join(types, ",")
	if !strings.HasPrefix(joined, "start,data-token,text-start") {
		t.Errorf("chunks %s, want the data-token part before the first text", joined)
	}
	if !strings.Contains(joined, "data-fact-check,finish") {
		t.Errorf("chunks %s, want the data-fact-check part right before the finish", joined)
	}

	resp = st.PostTo(t, "/v1/chat/completions", `{"model":"crypto-analyst","messages":[{"role":"user","content":"[Contract Address: `+fakesources.SolanaPumpFun+`]\n\nSafe?"}]}`)
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), "https://rugcheck.xyz/tokens/"+fakesources.SolanaPumpFun) {
		t.Errorf("Chat Completions does not cite the facts' pages: %s", b)
	}
}

func TestNoTokensKeyWithoutFacts(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("Hi."), fakeprovider.Finish("STOP"))
	})
	resp := st.Post(t, contractQuestion(fakesources.EVMHoneypot))
	m := teststack.ReadStream(t, resp.Body).Metadata(t)
	if tokens, ok := m["tokens"]; ok {
		t.Errorf("d: carries tokens (%v) without token facts", tokens)
	}
}

// A contract question gives the model the price history's figures and the verdict (without
// the series), and the caller the series, the figures and the verdict, in d: and in the UI
// stream's data part; a second question a moment later asks the price history's API nothing.
func TestPriceHistoryAndVerdictAtTheWire(t *testing.T) {
	st, fake := tokenStack(t, 2*time.Second)
	resp := st.Post(t, contractQuestion(fakesources.EVMMultiChain))
	m := teststack.ReadStream(t, resp.Body).Metadata(t)

	text, block := serverContext(t, st.Upstream.Answered()[0])
	if !strings.Contains(text, "Start it from the facts' verdict") {
		t.Errorf("the instructions do not tell the model to start from the verdict")
	}
	b, _ := json.Marshal(block.ContractAddresses[0].Facts)
	for _, want := range []string{`"change_7d_percent":-14.62`, `"change_30d_percent":7.77`, `"high_30d_usd":0.5806`,
		`"low_30d_usd":0.3702`, `"drawdown_percent":27.4`, `"verdict":{"severity":"info"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the model's facts lack %s:\n%s", want, b)
		}
	}
	if strings.Contains(string(b), `"points"`) {
		t.Errorf("the model's facts carry the series: %s", b)
	}

	tok := m["tokens"].([]any)[0].(map[string]any)
	h, _ := tok["history"].(map[string]any)
	points, _ := h["points"].([]any)
	if len(points) < 30 || h["high_30d_usd"] != 0.5806 || h["low_30d_usd"] != 0.3702 || h["change_30d_percent"] != 7.77 {
		t.Fatalf("d: history = %v", h)
	}
	if p := points[0].(map[string]any); p["time"] == nil || p["close"] == nil {
		t.Errorf("d: a point without time and close: %v", p)
	}
	if v, _ := tok["verdict"].(map[string]any); v["severity"] != "info" || v["summary"] == "" {
		t.Errorf("d: verdict = %v", tok["verdict"])
	}

	calls := fake.Requests(fakesources.GeckoTerminal)
	body := `{"messages":[{"id":"u1","role":"user","parts":[{"type":"text","text":"[Contract Address: ` + fakesources.EVMMultiChain + `]\n\nAnd now?"}]}]}`
	raw, _ := io.ReadAll(st.Post(t, body).Body)
	if !strings.Contains(string(raw), `"type":"data-token"`) || !strings.Contains(string(raw), `"points":[{"time":`) || !strings.Contains(string(raw), `"verdict":{"severity":"info"`) {
		t.Errorf("the UI stream's data part lacks the series or the verdict: %.2000s", raw)
	}
	if n := fake.Requests(fakesources.GeckoTerminal); calls != 1 || n != 1 {
		t.Errorf("GeckoTerminal called %d times, then %d: want once for both questions", calls, n)
	}
}

// A pair whose priceChange.h24 is 1e307 (and whose pool holds a close of 1e308) still ends
// the stream with d:, carrying the token's sound facts and leaving the overflowing ones out.
func TestOverflowingTokenNumbersStillEndWithD(t *testing.T) {
	st, _ := tokenStack(t, 2*time.Second)
	resp := st.Post(t, contractQuestion(fakesources.EVMOverflow))
	m := teststack.ReadStream(t, resp.Body).Metadata(t)
	toks, _ := m["tokens"].([]any)
	if len(toks) != 1 {
		t.Fatalf("d: tokens = %v", m["tokens"])
	}
	market, _ := toks[0].(map[string]any)["market"].(map[string]any)
	if market["price_usd"] != 0.0321 || market["liquidity_usd"] != 250000.0 || market["change_1h_percent"] != 2.5 {
		t.Errorf("d: market lacks its sound facts: %v", market)
	}
	for _, k := range []string{"change_24h_percent", "volume_24h_usd", "fdv_usd"} {
		if v, ok := market[k]; ok {
			t.Errorf("d: market[%s] = %v, want it left out", k, v)
		}
	}
	h, _ := toks[0].(map[string]any)["history"].(map[string]any)
	if points, _ := h["points"].([]any); len(points) != 30 {
		t.Errorf("d: %d history points, want 30 sound ones", len(points))
	}
}
