package tokenfacts

import (
	"slices"
	"strconv"
	"strings"
)

// verdictTopics is how many findings the verdict names; the rest are counted.
const verdictTopics = 3

// verdict is the one-line answer to "is this dangerous?", from the findings only: the worst
// severity found, and the worst findings first, each with the sources that agree on it
// ("Honeypot: it cannot be sold (GoPlus, honeypot.is)"). With no danger and no warning it is
// info, but only when some security source answered: no security data is a warning, never
// a clean bill. Facts of an address that could not be looked up get none.
func verdict(f *Facts, found []finding) *Verdict {
	if f.Market == nil && f.Security == nil {
		if slices.ContainsFunc(f.Unavailable, func(u Unavailable) bool { return u.Source == SourceLookup }) {
			return nil
		}
	}
	type topic struct {
		severity, words string
		sources         []string
	}
	var topics []topic
	for _, x := range found { // sorted, most severe first
		if x.Severity == SeverityInfo || x.topic == "" {
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
	return &Verdict{Severity: topics[0].severity, Summary: strings.Join(parts, "; ")}
}

// quietVerdict is the verdict without a danger or a warning: what was checked, or that
// nothing could be.
func quietVerdict(f *Facts) *Verdict {
	var checked []string
	if s := f.Security; s != nil {
		if c := s.Contract; c != nil && c.checked() {
			checked = append(checked, c.Source)
		}
		if sim := s.Simulation; sim != nil && sim.checked() {
			checked = append(checked, sim.Source)
		}
		if rc := s.RugCheck; rc != nil && rc.checked() {
			checked = append(checked, rc.Source)
		}
	}
	if len(checked) == 0 {
		return &Verdict{Severity: SeverityWarning, Summary: "Not checked: no security data could be read, which is no sign of safety"}
	}
	summary := "No red flags in the security data read (" + strings.Join(checked, ", ") + ")"
	var missing []string
	for _, u := range f.Unavailable {
		missing = append(missing, u.Source+": "+u.Reason)
	}
	if len(missing) > 0 {
		summary += "; not read: " + strings.Join(missing, ", ")
	}
	return &Verdict{Severity: SeverityInfo, Summary: summary}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// checked reports whether the contract's reading says anything of its risks: an entry without
// a single known flag is no check (a missing flag is unknown, not safe).
func (c *Contract) checked() bool {
	for _, v := range []*bool{c.Honeypot, c.OpenSource, c.Proxy, c.Mintable, c.Freezable, c.MetadataMutable, c.Closable,
		c.BalanceMutable, c.NonTransferable, c.HiddenOwner, c.SelfDestruct, c.Blacklist, c.TransferPausable,
		c.TaxModifiable, c.CannotSellAll} {
		if v != nil {
			return true
		}
	}
	return false
}

// checked reports whether the simulation ran and said something.
func (s *Simulation) checked() bool {
	return (s.Success == nil || *s.Success) && (s.Honeypot != nil || s.RiskLevel != nil)
}

// checked reports whether RugCheck's report says anything.
func (r *RugCheck) checked() bool {
	return r.Score != nil || r.ScoreNormalised != nil || len(r.Risks) > 0
}
