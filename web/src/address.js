// Contract-address handling, kept identical to the server's rules
// (pkg/chat/contract) so the page never sends an address the server refuses:
// EVM is 0x (or 0X) + 40 hex digits, in any letter case; Solana is 32–44 base58
// characters (no 0, O, I, l) that decode to a 32-byte key. Tron and Bitcoin addresses are base58 too, but
// carry a base58check checksum that a Solana key does not: they are refused.
import { base58, base58check as makeBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';

const HEX40 = /^[0-9a-fA-F]{40}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
const base58check = makeBase58check(sha256);

/**
 * checkContractAddress tells whether addr (already trimmed) is an accepted
 * token address. It returns a message for the user, or "" when valid.
 * @param {string} addr
 * @returns {string}
 */
export function checkContractAddress(addr) {
  if (addr === '') return 'The contract address is empty.';
  if (addr.length > 64) return 'The contract address is too long.';
  if (addr.startsWith('0x') || addr.startsWith('0X')) {
    if (!HEX40.test(addr.slice(2))) return 'An EVM address is 0x followed by exactly 40 hex digits.';
    return '';
  }
  if (BASE58.test(addr) && addr.length >= 32 && addr.length <= 44) {
    if (isBase58Check(addr)) {
      return 'This looks like a Tron or Bitcoin address; only EVM and Solana token addresses are supported.';
    }
    if (base58.decode(addr).length !== 32) {
      return 'A Solana address is base58 that decodes to a 32-byte key; this one does not.';
    }
    return '';
  }
  return 'Use an EVM address (0x followed by 40 hex digits) or a Solana address (32–44 base58 characters).';
}

/**
 * isBase58Check reports whether s ends in the 4-byte double-SHA-256 checksum
 * of base58check (Tron, Bitcoin). A Solana key passes by chance 1 in 2^32.
 * @param {string} s
 */
function isBase58Check(s) {
  try {
    base58check.decode(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * composeContent builds the user message content: the question alone, or the
 * spec's prefix form "[Contract Address: <addr>]", a blank line, the question.
 * @param {string} question
 * @param {string} addr valid address or ""
 * @returns {string}
 */
export function composeContent(question, addr) {
  return addr ? `[Contract Address: ${addr}]\n\n${question}` : question;
}
