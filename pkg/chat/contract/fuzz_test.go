package contract_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/chatsvc/chat/pkg/chat/contract"
)

// FuzzSplit checks that Split never panics, leaves content without the prefix untouched,
// refuses only with a *contract.Error, and that an accepted address parses again to itself
// and the question is the tail of the content. Seeds: f.Add below and testdata/fuzz.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{
		"[Contract Address: 0xdAC17F958D2ee523a2206206994597C13D831ec7]\n\nIs it safe?",
		"[Contract Address: 0xdac17f958d2ee523a2206206994597c13d831ec7]\r\n\r\nlowercase",
		"[Contract Address: 0xdAC17F958D2ee523a2206206994597C13D831ec8]\n\nbad checksum",
		"[Contract Address: EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v]\n\nsolana",
		"  [Contract Address: TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t]\n\ntron",
		"[Contract Address: 0x]\n\n", "[Contract Address:", "[Contract Address: x\n]\n\nq",
		"no prefix at all", "", "[Contract Address: \xff\xfe]\n\nq",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		addr, rest, found, err := contract.Split(content)
		if !found {
			if err != nil || rest != content {
				t.Fatalf("no prefix: rest %q, err %v; want content unchanged, no error", rest, err)
			}
			return
		}
		if err != nil {
			if _, ok := errors.AsType[*contract.Error](err); !ok {
				t.Fatalf("error %v (%T) is not a *contract.Error", err, err)
			}
			return
		}
		if !strings.HasSuffix(content, rest) {
			t.Fatalf("rest %q is not the tail of %q", rest, content)
		}
		again, err := contract.Parse(addr.Value)
		if err != nil || again != addr {
			t.Fatalf("address %+v parses again to %+v, %v", addr, again, err)
		}
		if addr.Chain != contract.ChainEVM && addr.Chain != contract.ChainSolana {
			t.Fatalf("chain %q", addr.Chain)
		}
	})
}
