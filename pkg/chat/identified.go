package chat

import (
	"context"
	"slices"
	"sync"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/identify"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// maxMentions bounds the mentions of a conversation that are resolved, the most recent
// first: each may cost a search or a pair lookup.
const maxMentions = 8

// identifyTokens makes the server-made context of a conversation: the tokens its user
// messages name, the most recent first (the latest named stays the subject of a follow-up),
// each once, with how it was found; and, for the latest message, the candidates of a name
// or ticker that matched several tokens and picked none. Without a finder, links to pairs
// and searches resolve to nothing; addresses and the prefix still count.
func identifyTokens(ctx context.Context, finder TokenFinder, messages []Message) *ServerContext {
	mentions := mentionsOf(messages)
	resolve(ctx, finder, mentions)
	sc := &ServerContext{}
	for _, p := range mentions {
		if p.choice != nil && p.choice.Picked == nil && len(p.choice.Others) > 0 && p.msg == mentions[0].msg {
			sc.Candidates = append(sc.Candidates, token.Candidates{Query: p.Text, Candidates: p.choice.Others})
		}
		if p.addr != nil && !slices.ContainsFunc(sc.Contracts, func(r ContractRef) bool { return r.Address.Equal(*p.addr) }) {
			sc.Contracts = append(sc.Contracts, ContractRef{Address: *p.addr, Message: p.msg + 1, Identified: p.identified()})
		}
	}
	if len(sc.Contracts) == 0 && len(sc.Candidates) == 0 {
		return nil
	}
	return sc
}

// mentionsOf are the user messages' mentions of tokens, the latest message first (its prefix,
// then its text in order), at most maxMentions.
func mentionsOf(messages []Message) []pending {
	var mentions []pending
	for i := len(messages) - 1; i >= 0 && len(mentions) < maxMentions; i-- {
		m := messages[i]
		if m.Role != RoleUser {
			continue
		}
		if m.Contract != nil {
			mentions = append(mentions, pending{msg: i, Mention: identify.Mention{By: token.ByPrefix, Text: m.Contract.Value, Address: m.Contract}})
		}
		for _, mn := range identify.Find(m.Content) {
			mentions = append(mentions, pending{msg: i, Mention: mn})
		}
	}
	return mentions[:min(len(mentions), maxMentions)]
}

// pending is one mention on its way to a token.
type pending struct {
	identify.Mention
	msg    int               // the message's index
	addr   *contract.Address // the token it names, once resolved
	choice *identify.Choice  // a search's outcome
}

// identified says how p's token was found.
func (p *pending) identified() token.Identified {
	id := token.Identified{By: p.By, Text: p.Text}
	if p.choice != nil && p.choice.Picked != nil {
		n := len(p.choice.Others)
		id.Alternatives, id.Copycats = &n, p.choice.Copycats()
	}
	return id
}

// resolve turns the mentions into addresses, the searches and pair lookups side by side,
// each within the finder's own budget.
func resolve(ctx context.Context, finder TokenFinder, mentions []pending) {
	var wg sync.WaitGroup
	for i := range mentions {
		p := &mentions[i]
		switch {
		case p.Pair != "" && finder != nil:
			wg.Go(func() { p.addr = pairToken(ctx, finder, p.Mention) })
		case p.Query != "" && finder != nil:
			wg.Go(func() {
				results, err := finder.Search(ctx, p.Query)
				if err != nil {
					return
				}
				c := identify.Choose(p.Query, results)
				p.choice = &c
				if c.Picked != nil {
					if a, err := contract.Parse(c.Picked.Address); err == nil {
						p.addr = &a
					}
				}
			})
		case p.Pair == "":
			p.addr = p.Address
		}
	}
	wg.Wait()
}

// pairToken is the token a DEX link names: the base token of its pair, else the address the
// link holds when it names a token itself.
func pairToken(ctx context.Context, finder TokenFinder, m identify.Mention) *contract.Address {
	if c, found, err := finder.Pair(ctx, m.Chain, m.Pair); err == nil && found {
		if a, err := contract.Parse(c.Address); err == nil {
			return &a
		}
	}
	return m.Address
}
