package tokenfacts

import (
	"slices"
	"strconv"
	"strings"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// verdictTopics is how many findings the verdict names; the rest are counted.
const verdictTopics = 3

// verdict is the one-line answer to "is this dangerous?", from the findings only: the worst
// severity found, and the worst findings first, each with the sources that agree on it
// ("Honeypot: it cannot be sold (GoPlus, honeypot.is)"). With no danger and no warning it is
// info, but only when some security source answered: no security data is a warning, never
// a clean bill. Facts of an address that could not be looked up get none.
func verdict(f *token.Facts, found []finding) *token.Verdict {
	if f.Market == nil && f.Security == nil {
		if slices.ContainsFunc(f.Unavailable, func(u token.Unavailable) bool { return u.Source == token.SourceLookup }) {
			return nil
		}
	}
	type topic struct {
		severity, words string
		sources         []string
	}
	var topics []topic
	for _, x := range found { // sorted, most severe first
		if x.Severity == token.SeverityInfo || x.topic == "" {
			continue
		}
		i := slices.IndexFunc(topics, func(t topic) bool { return t.words == x.topic })
		if i < 0 {
			topics = append(topics, topic{severity: x.Severity, words: x.topic})
			i = len(topics) - 1
		}
		if !slices.Contains(topics[i].sources, x.Source) {
			topics[i].sources = append(topics[i].sources, x.Source)
		}
	}
	if len(topics) == 0 {
		return quietVerdict(f)
	}
	parts := make([]string, 0, verdictTopics+1)
	for _, t := range topics[:min(len(topics), verdictTopics)] {
		parts = append(parts, t.words+" ("+strings.Join(t.sources, ", ")+")")
	}
	if n := len(topics) - verdictTopics; n > 0 {
		parts = append(parts, "and "+plural(n, "more finding", "more findings"))
	}
	return &token.Verdict{Severity: topics[0].severity, Summary: strings.Join(parts, "; ")}
}

// quietVerdict is the verdict without a danger or a warning: what was checked, or that
// nothing could be.
func quietVerdict(f *token.Facts) *token.Verdict {
	var checked []string
	if s := f.Security; s != nil {
		if c := s.Contract; c != nil && c.Checked() {
			checked = append(checked, c.Source)
		}
		if sim := s.Simulation; sim != nil && sim.Checked() {
			checked = append(checked, sim.Source)
		}
		if rc := s.RugCheck; rc != nil && rc.Checked() {
			checked = append(checked, rc.Source)
		}
	}
	if len(checked) == 0 {
		return &token.Verdict{Severity: token.SeverityWarning, Summary: "Not checked: no security data could be read, which is no sign of safety"}
	}
	summary := "No red flags in the security data read (" + strings.Join(checked, ", ") + ")"
	var missing []string
	for _, u := range f.Unavailable {
		missing = append(missing, u.Source+": "+u.Reason)
	}
	if len(missing) > 0 {
		summary += "; not read: " + strings.Join(missing, ", ")
	}
	return &token.Verdict{Severity: token.SeverityInfo, Summary: summary}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
