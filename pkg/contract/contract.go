// Package contract parses the contract-address convention of a user message:
//
//	[Contract Address: <token_address>]
//
//	<question>
//
// and checks that the address is a plausible token address. Two families are accepted:
// EVM chains (0x followed by 40 hex digits; a mixed-case address must carry a valid EIP-55
// checksum, which catches typos) and Solana (base58, 32 to 44 characters). Other chains
// (Tron, TON, Bitcoin-style) are refused with a message that says which forms are accepted.
package contract

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/sha3"
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
		return Address{Value: s, Chain: ChainSolana}, nil
	}
	return Address{}, &Error{fmt.Sprintf("%q is not a supported token address: use an EVM address (0x followed by 40 hex digits) or a Solana address (32 to 44 base58 characters)", s)}
}

func parseEVM(s string) (Address, error) {
	hex := s[2:]
	if len(hex) != 40 || strings.Trim(hex, "0123456789abcdefABCDEF") != "" {
		return Address{}, &Error{fmt.Sprintf("%q is not an EVM address: it needs 0x followed by exactly 40 hex digits", s)}
	}
	if hex != strings.ToLower(hex) && hex != strings.ToUpper(hex) && !validChecksum(hex) {
		return Address{}, &Error{fmt.Sprintf("%q has a mixed-case EIP-55 checksum that does not match: check the address for typos", s)}
	}
	return Address{Value: "0x" + hex, Chain: ChainEVM}, nil
}

// validChecksum checks the EIP-55 mixed-case checksum of a 40-digit hex address.
func validChecksum(hex string) bool {
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte(strings.ToLower(hex)))
	sum := h.Sum(nil)
	for i, c := range hex {
		if c >= '0' && c <= '9' {
			continue
		}
		nibble := sum[i/2] >> 4
		if i%2 == 1 {
			nibble = sum[i/2] & 0x0f
		}
		upper := c >= 'A' && c <= 'F'
		if upper != (nibble >= 8) {
			return false
		}
	}
	return true
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
