// Contract-address handling, kept identical to the server's rules
// (pkg/contract) so the page never sends an address the server refuses:
// EVM is 0x (or 0X) + 40 hex digits, and a mixed-case one must carry a valid
// EIP-55 checksum; Solana is 32–44 base58 characters (no 0, O, I, l).
import { keccak_256 } from '@noble/hashes/sha3.js';

const HEX40 = /^[0-9a-fA-F]{40}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

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
    const hex = addr.slice(2);
    if (!HEX40.test(hex)) return 'An EVM address is 0x followed by exactly 40 hex digits.';
    if (hex !== hex.toLowerCase() && hex !== hex.toUpperCase() && !validChecksum(hex)) {
      return 'The mixed-case (EIP-55) checksum of this address does not match: check it for typos.';
    }
    return '';
  }
  if (BASE58.test(addr) && addr.length >= 32 && addr.length <= 44) return '';
  return 'Use an EVM address (0x followed by 40 hex digits) or a Solana address (32–44 base58 characters).';
}

/**
 * validChecksum checks the EIP-55 checksum of 40 mixed-case hex digits: a
 * letter is upper case exactly when the matching nibble of the Keccak-256 of
 * the lower-case address is 8 or more.
 * @param {string} hex
 */
function validChecksum(hex) {
  const sum = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < hex.length; i++) {
    const c = hex[i];
    if (c >= '0' && c <= '9') continue;
    const nibble = i % 2 === 0 ? sum[i >> 1] >> 4 : sum[i >> 1] & 0x0f;
    if ((c >= 'A' && c <= 'F') !== nibble >= 8) return false;
  }
  return true;
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
