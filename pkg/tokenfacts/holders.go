package tokenfacts

import (
	"slices"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// holders turns the first holder list a part gave (GoPlus's top holders) into the
// distribution a reader needs: how much the top ten hold once pools, burn addresses and
// lockers are left out (they hold supply for nobody), and how much of the LP is locked or
// burnt. Every part's pools count, whichever source named them.
func (b *assembly) holders() *token.Holders {
	i := slices.IndexFunc(b.parts, func(p stamped) bool {
		return p.holderCount != nil || len(p.holders) > 0 || len(p.lpHolders) > 0
	})
	if i < 0 {
		return nil
	}
	g := b.parts[i]
	h := token.Holders{Source: g.source, AsOf: g.at, Count: g.holderCount}
	h.Top10Percent, h.Excluded, h.Discarded = top10(g.holders, b.pools(), b.key)
	h.LPLockedPercent = lpLocked(g.lpHolders)
	if h.Count == nil && h.Top10Percent == nil && h.LPLockedPercent == nil && h.Excluded+h.Discarded == 0 {
		return nil
	}
	return &h
}

// pools are the pair and pool addresses the parts named, by cacheID on the token's chain
// (EVM hex without case, base58 as it is).
func (b *assembly) pools() map[string]bool {
	pools := map[string]bool{}
	for _, p := range b.parts {
		for _, a := range p.pools {
			pools[b.key(a)] = true
		}
	}
	return pools
}

// key is an address's cacheID on the token's chain.
func (b *assembly) key(addr string) string {
	return cacheID(contract.Address{Chain: b.known.addr.Chain, Value: addr})
}

// top10 sums the shares of the first ten listed holders that are neither pools, burn
// addresses nor lockers. An impossible share is discarded, never clamped: a "percent" of
// 1769801 says nothing about the holder's real share. The sum is nil when no holder counted.
func top10(list []holder, pools map[string]bool, key func(string) string) (share *float64, excluded, discarded int) {
	var sum float64
	counted := 0
	for _, x := range list[:min(len(list), 10)] {
		switch {
		case !x.valid:
			discarded++
		case x.locked || isBurn(x.address) || pools[key(x.address)] || poolTag().MatchString(x.tag):
			excluded++
		default:
			sum += x.share
			counted++
		}
	}
	if counted > 0 {
		share = ptr(round(min(sum, 1)*100, 2))
	}
	return share, excluded, discarded
}

// lpLocked is the share of LP tokens held locked or at a burn address, or nil when GoPlus
// listed no usable LP holder.
func lpLocked(list []holder) *float64 {
	var sum float64
	usable := 0
	for _, x := range list {
		if !x.valid {
			continue
		}
		usable++
		if x.locked || isBurn(x.address) {
			sum += x.share
		}
	}
	if usable == 0 {
		return nil
	}
	return ptr(round(min(sum, 1)*100, 2))
}
