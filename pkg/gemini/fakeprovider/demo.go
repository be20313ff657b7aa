package fakeprovider

import (
	"strings"
	"time"
)

// DemoNotice opens every scripted answer, so nobody mistakes one for a real analysis.
const DemoNotice = "(Scripted demo answer)"

// Demo is the script of the local demo mode. The last user message picks the answer by
// trigger words (case-insensitive):
//
//	xss         an answer with a <script> and an onerror attribute in its Markdown
//	rate limit  a 429 with a 7-second retry delay
//	slow        30 chunks 300 ms apart
//	fail        some text, then an error in the middle of the stream
//	misquote    with a known token: its facts' analysis, but a price ten times the facts'
//	(facts)     a question whose latest address the token data knows: an analysis of those facts (their
//	            figures as they are, the findings worst first, the facts' pages as sources)
//	(other)     a Markdown analysis in 8 chunks 150 ms apart, with sources and search suggestions
func Demo(req Request) Reply {
	q := strings.ToLower(req.LastUserText())
	switch {
	case strings.Contains(q, "rate limit"):
		return RateLimited(7 * time.Second)
	case strings.Contains(q, "xss"):
		return Stream(100*time.Millisecond,
			Text(DemoNotice+" Here is some markup a model might echo back:\n\n"),
			Text("<script>window.__xss = true</script>\n\n"),
			Text("<img src=x onerror=\"window.__xss = true\">\n\n"),
			Text("**Bold text** stays bold; scripts must not run."),
			Grounded("", "STOP", nil, nil, "", 0, 0),
		)
	case strings.Contains(q, "slow"):
		chunks := []Chunk{Text(DemoNotice + " A long, slow answer:\n\n")}
		for i := 1; i <= 30; i++ {
			chunks = append(chunks, Text(strings.Repeat("word ", 3)+"\n"))
		}
		chunks = append(chunks, Grounded("", "STOP", nil, nil, "", 0, 0))
		return Stream(300*time.Millisecond, chunks...)
	case strings.Contains(q, "fail"):
		r := Stream(150*time.Millisecond,
			Text(DemoNotice+" This answer starts, "),
			Text("and then the upstream fails"),
		)
		r.Steps = append(r.Steps, Step{Delay: 150 * time.Millisecond,
			Chunk: MidStreamError(500, "INTERNAL", "scripted failure in the middle of the stream")})
		return r
	}
	if cands := candidatesOf(req); len(cands) > 0 {
		return candidatesAnswer(cands)
	}
	if facts := factsOf(req); len(facts) > 0 && facts[len(facts)-1].known() {
		return factsAnswer(facts, strings.Contains(q, "misquote"))
	}
	return Stream(150*time.Millisecond,
		Text(DemoNotice+"\n\n## Token overview\n\n"),
		Text("This is **not** real data: the demo mode answers from a script, "),
		Text("so no web search ran.\n\n"),
		Text("- **Liquidity:** scripted example, not measured\n"),
		Text("- **Holders:** scripted example, not measured\n"),
		Text("- **Risk level:** unknown until real data is fetched\n\n"),
		Text("Always do your own research before acting on any analysis."),
		Grounded("", "STOP",
			[]Web{
				{URI: "https://example.com/demo/market-data", Title: "Example market data (demo)"},
				{URI: "https://example.org/demo/explorer", Title: "Example explorer page (demo)"},
			},
			[]string{"demo token price"},
			`<style>.chip{display:inline-block;padding:4px 10px;border:1px solid #999;border-radius:14px;font:13px sans-serif}</style>`+
				`<a class="chip" href="https://example.com/search?q=demo+token+price" target="_blank" rel="noopener">demo token price</a>`,
			0, 0),
	)
}
