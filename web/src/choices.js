// The tokens a name or ticker of the question matched when none stood out (d:'s tokenCandidates),
// as choices under the answer: a group per name, a button per token (its symbol, name, chain,
// liquidity, pool age and shortened address) and a link to its pool page. Pressing a button asks
// about that token's address (main.js). Names and symbols are the deployers': text nodes only,
// cleaned; links go to https:// pages only; a token whose address the server would refuse is
// not offered.
import { checkContractAddress } from './address.js';
import { chainName, cleanText, formatAge, formatUsd, isNum, safeHttps, shortAddress, UNKNOWN } from './format.js';
import { el, isObj } from './nodes.js';

/** MAX_QUERIES is how many names an answer offers choices for; MAX_CHOICES how many tokens each. */
export const MAX_QUERIES = 3;
export const MAX_CHOICES = 8;
/** CHOICE_QUESTION is what a choice asks about the token's address. */
export const CHOICE_QUESTION = 'Is this the token I meant? Give me your analysis.';

let ids = 0;

/**
 * liquidity writes a pool depth as the card writes money; past a quadrillion dollars it says so
 * rather than writing an exponent.
 * @param {unknown} v
 */
const liquidity = (v) => (!isNum(v) || v < 0 ? UNKNOWN : v >= 1e15 ? 'over $1,000T' : formatUsd(v));

/**
 * poolAge is how old a token's oldest pool is at now ("269 d"), from its RFC 3339 creation time.
 * @param {unknown} created
 * @param {number} now
 */
function poolAge(created, now) {
  const t = typeof created === 'string' && /^\d{4}-\d\d-\d\dT/.test(created) ? Date.parse(created) : NaN;
  return Number.isNaN(t) || t > now + 60_000 ? UNKNOWN : formatAge(Math.max(0, now - t) / 3_600_000);
}

/**
 * choiceFacts is what a button says of a token: its names and its figures, as text.
 * @param {Record<string, any>} c a candidate
 * @param {number} now
 */
export function choiceFacts(c, now) {
  const address = cleanText(c.address, 64);
  const chain = chainName(c.chain);
  return {
    address,
    chain,
    symbol: cleanText(c.symbol, 24),
    name: cleanText(c.name, 64),
    details: `${chain} · liquidity ${liquidity(c.liquidity_usd)} · pool age ${poolAge(c.pair_created_at, now)} · ${shortAddress(address)}`,
    url: safeHttps(c.url),
  };
}

/**
 * heading asks which token the reader means.
 * @param {string} query
 * @param {number} n how many tokens are offered
 */
export const heading = (query, n) => (n === 1
  ? [`One token uses `, query || 'that name', ` — is it the one you mean?`]
  : [`Several tokens use `, query || 'that name', ` — which one do you mean?`]);

/**
 * choiceGroup is one name's choices, or null when none of its tokens can be asked about.
 * @param {Document} doc
 * @param {Record<string, any>} entry {query, candidates}
 * @param {number} now
 */
function choiceGroup(doc, entry, now) {
  const tokens = (Array.isArray(entry.candidates) ? entry.candidates.filter(isObj) : [])
    .map((c) => choiceFacts(c, now))
    .filter((c) => c.address && checkContractAddress(c.address) === '')
    .slice(0, MAX_CHOICES);
  if (!tokens.length) return null;
  const id = `token-choices-${++ids}`;
  const [before, query, after] = heading(cleanText(entry.query, 40), tokens.length);
  const h = el(doc, 'h3', 'tk-question', before, el(doc, 'bdi', '', query), after);
  h.setAttribute('id', id);
  const ul = el(doc, 'ul', 'tk-list');
  for (const t of tokens) {
    const pick = el(doc, 'button', 'tk-pick',
      el(doc, 'span', 'tk-names', el(doc, 'bdi', 'tk-symbol', t.symbol || 'No symbol'), ' ', el(doc, 'bdi', 'tk-name', t.name || 'Unknown name')),
      ' ', el(doc, 'span', 'tk-details', t.details), ' ', el(doc, 'span', 'tk-state'));
    pick.setAttribute('type', 'button');
    pick.setAttribute('data-address', t.address);
    const li = el(doc, 'li', 'tk-choice', pick);
    if (t.url) {
      const a = el(doc, 'a', 'tk-pool', 'Pool page', el(doc, 'span', 'visually-hidden', ` of ${t.symbol || t.name || 'this token'} on ${t.chain}`));
      a.setAttribute('href', t.url);
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
      li.append(a);
    }
    ul.append(li);
  }
  const group = el(doc, 'div', 'tk-group', h, ul);
  group.setAttribute('role', 'group');
  group.setAttribute('aria-labelledby', id);
  return group;
}

/**
 * tokenChoices builds the choices of d:'s tokenCandidates, or returns null when there are none.
 * @param {unknown} candidates
 * @param {number} now milliseconds since the epoch: pool ages are told from it
 * @param {Document} [doc]
 */
export function tokenChoices(candidates, now, doc = document) {
  const groups = (Array.isArray(candidates) ? candidates.filter(isObj) : []).slice(0, MAX_QUERIES)
    .map((e) => choiceGroup(doc, e, now)).filter((g) => g !== null);
  return groups.length ? el(doc, 'section', 'token-choices', ...groups) : null;
}

/**
 * waitLabel is what a chosen button says while its question waits.
 * @param {{left: number, later: string}} lock the wait before the next question
 * @param {boolean} busy an answer is coming
 */
export function waitLabel({ left, later }, busy) {
  if (left > 0) return later ? `Asking when the wait ends, ${later}…` : `Asking when the wait ends (${left} s)…`;
  return busy ? 'Asking when the answer coming now ends…' : 'Asking now…';
}

/**
 * markWaiting shows on a chosen button that its question waits (text "" clears it).
 * @param {Element} button
 * @param {string} text
 */
export function markWaiting(button, text) {
  const state = button.querySelector('.tk-state');
  if (state && state.textContent !== text) state.textContent = text;
  button.toggleAttribute('data-waiting', text !== '');
}
