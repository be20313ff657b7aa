// How the server found a token in the question (d:'s tokens[].identified), in a sentence for the
// card: "Found by searching for $CAKE; 3 other tokens use this ticker." The text it was found from
// is the reader's own question, but it passed through the server: it stays text, cleaned.
import { cleanText, isNum } from './format.js';
import { isObj } from './nodes.js';

/**
 * others says how many other tokens use what was searched for: "no other token uses it",
 * "1 other token uses this ticker", "3 other tokens use this name".
 * @param {number} n
 * @param {string} kind "ticker" or "name"
 */
function others(n, kind) {
  if (n === 0) return 'no other token uses it';
  return `${n.toLocaleString('en-US')} other token${n === 1 ? ' uses' : 's use'} this ${kind}`;
}

/**
 * foundBy is the sentence saying how a token was found: by search, from a link or from an address
 * in the question. "" when the reader gave the address in the specification's prefix (the card
 * is what they asked for), and for anything this page does not know.
 * @param {unknown} identified
 * @returns {string}
 */
export function foundBy(identified) {
  if (!isObj(identified)) return '';
  switch (identified.by) {
    case 'search': {
      const text = cleanText(identified.text, 40);
      const n = identified.alternatives;
      const kind = /^\$|^[A-Z0-9]{2,12}$/.test(text) ? 'ticker' : 'name';
      const head = text ? `Found by searching for ${text}` : 'Found by a search';
      return isNum(n) && n >= 0 && Number.isInteger(n) ? `${head}; ${others(n, kind)}.` : `${head}.`;
    }
    case 'link':
      return 'Found from the link in your question.';
    case 'address':
      return 'Found from the address in your question.';
    default:
      return '';
  }
}
