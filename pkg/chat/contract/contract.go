// Package contract parses the contract-address convention of a user message:
//
//	[Contract Address: <token_address>]
//
//	<question>
//
// and checks that the address is a plausible token address. Two families are accepted:
// EVM chains (0x followed by 40 hex digits, any letter case) and Solana (base58, 32 to 44
// characters, decoding to a 32-byte key). Tron and Bitcoin addresses are base58 too and can fall
// in that length range; they carry a base58check checksum that a Solana address does not, and
// are refused by it (and by their 25-byte length). Other forms (TON, bech32) fail the character
// or length rules. Error texts never quote the address,
// so no caller text reaches the log through them.
package contract

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"strings"

	"github.com/mr-tron/base58"
)

// Prefix opens the convention.
const Prefix = "[Contract Address:"

// Chain is the address family an address belongs to.
type Chain string

// The accepted address families.
const (
	ChainEVM    Chain = "evm"
	ChainSolana Chain = "solana"
)

// Address is a validated token address.
type Address struct {
	Value string
	Chain Chain
}

// Error says why a prefix or an address was refused; its text is safe to show the caller.
type Error struct{ Reason string }

func (e *Error) Error() string { return e.Reason }

// Split looks for the convention at the start of content. found is false when content does
// not start with the prefix (leading spaces allowed); then rest is content unchanged. When the
// prefix is there but malformed, or the address is implausible, err is an *Error.
func Split(content string) (addr Address, rest string, found bool, err error) {
	trimmed := strings.TrimLeft(content, " \t")
	if !strings.HasPrefix(trimmed, Prefix) {
		return Address{}, content, false, nil
	}
	after := trimmed[len(Prefix):]
	end := strings.IndexByte(after, ']')
	if end < 0 || strings.ContainsAny(after[:end], "\r\n") {
		return Address{}, "", true, &Error{"the contract-address prefix must close with ']' on its first line"}
	}
	raw := strings.TrimSpace(after[:end])
	rest = after[end+1:]
	switch {
	case strings.HasPrefix(rest, "\n\n"):
		rest = rest[2:]
	case strings.HasPrefix(rest, "\r\n\r\n"):
		rest = rest[4:]
	default:
		return Address{}, "", true, &Error{"the contract-address prefix must be followed by a blank line, then the question"}
	}
	addr, err = Parse(raw)
	if err != nil {
		return Address{}, "", true, err
	}
	return addr, rest, true, nil
}

// Parse validates a token address and detects its family.
func Parse(s string) (Address, error) {
	switch {
	case s == "":
		return Address{}, &Error{"the contract address is empty"}
	case len(s) > 64:
		return Address{}, &Error{"the contract address is too long"}
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		return parseEVM(s)
	case isBase58(s) && len(s) >= 32 && len(s) <= 44:
		if isBase58Check(s) {
			return Address{}, &Error{"the contract address carries a base58check checksum, as Tron and Bitcoin addresses do; only EVM and Solana token addresses are supported"}
		}
		if b, err := base58.Decode(s); err != nil || len(b) != 32 {
			return Address{}, &Error{"the contract address is not a Solana address: base58 that decodes to a 32-byte key"}
		}
		return Address{Value: s, Chain: ChainSolana}, nil
	}
	return Address{}, &Error{"the contract address is not a supported token address: use an EVM address (0x followed by 40 hex digits) or a Solana address (32 to 44 base58 characters)"}
}

func parseEVM(s string) (Address, error) {
	hex := s[2:]
	if len(hex) != 40 || strings.Trim(hex, "0123456789abcdefABCDEF") != "" {
		return Address{}, &Error{"the contract address is not an EVM address: it needs 0x followed by exactly 40 hex digits"}
	}
	return Address{Value: "0x" + hex, Chain: ChainEVM}, nil
}

// isBase58Check reports whether s decodes to a payload followed by the first four bytes of its
// double SHA-256, the checksum of Tron and Bitcoin addresses. A Solana address is a bare 32-byte
// key: the chance that one also passes is 1 in 2^32.
func isBase58Check(s string) bool {
	b, err := base58.Decode(s)
	if err != nil || len(b) < 5 {
		return false
	}
	payload, sum := b[:len(b)-4], b[len(b)-4:]
	first := sha256.Sum256(payload)
	second := sha256.Sum256(first[:])
	return bytes.Equal(second[:4], sum)
}

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

func isBase58(s string) bool {
	for _, c := range s {
		if !strings.ContainsRune(base58Alphabet, c) {
			return false
		}
	}
	return true
}

// IsError reports whether err is a refusal from this package.
func IsError(err error) bool {
	var e *Error
	return errors.As(err, &e)
}

// Equal reports whether b is the same address as a: EVM addresses compare without letter
// case (checksums are case), Solana addresses exactly.
func (a Address) Equal(b Address) bool {
	if a.Chain != b.Chain {
		return false
	}
	if a.Chain == ChainEVM {
		return strings.EqualFold(a.Value, b.Value)
	}
	return a.Value == b.Value
}
