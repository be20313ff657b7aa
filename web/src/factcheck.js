// The fact check under an answer: the server held the figures the answer stated about a token
// against the facts it read (d:'s factChecks: {fact, stated, value, source, as_of, verdict}).
// Each figure that contradicts the data gets a notice that says what the answer said, what the
// source says and how old the data is; the figures that agree are only counted. Every string
// comes from the server and the model's answer: text nodes only (never innerHTML), cleaned of
// hidden and reordering characters, clipped.
import { agoText, cleanText, formatAge, formatPercent, formatPrice, formatUsd, isNum, utcTime } from './format.js';

/** @typedef {{fact: string, stated: string, value: number, source: string, as_of: string, verdict: string}} FactCheck */

/** @type {Record<string, [string, (v: unknown) => string]>} a fact's name in a sentence, and how its figure is written */
const FACTS = {
  price_usd: ['the price', formatPrice],
  liquidity_usd: ['the liquidity', formatUsd],
  market_cap_usd: ['the market cap', formatUsd],
  fdv_usd: ['the FDV', formatUsd],
  volume_24h_usd: ['the 24 h volume', formatUsd],
  buy_tax: ['the buy tax', formatPercent],
  sell_tax: ['the sell tax', formatPercent],
  top10_percent: ["the top-10 holders' share", formatPercent],
  lp_locked_percent: ['the share of LP tokens locked', formatPercent],
  pair_age_hours: ["the pair's age", formatAge],
};

/** @param {unknown} v @returns {v is Record<string, any>} */
const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * describeFact is a fact's name in a sentence and its figure as the card writes it; a fact this
 * page does not know yet is named by its words and written by its unit.
 * @param {string} fact
 * @param {number} value
 */
export function describeFact(fact, value) {
  if (Object.hasOwn(FACTS, fact)) return { subject: FACTS[fact][0], figure: FACTS[fact][1](value) };
  const words = cleanText(fact.replace(/_(usd|percent|hours)$/, '').replace(/_/g, ' '), 40) || 'a figure';
  const figure = fact.endsWith('_usd') ? formatUsd(value) : fact.endsWith('_percent') ? formatPercent(value)
    : fact.endsWith('_hours') ? formatAge(value) : String(value);
  return { subject: `the ${words}`, figure };
}

/**
 * readAge says when the data was read, at now: "data read 2 min ago", "data read just now".
 * @param {unknown} asOf RFC 3339
 * @param {number} now
 */
export const readAge = (asOf, now) => {
  const ago = agoText(asOf, now);
  return ago ? `data read ${ago}` : 'time of reading unknown';
};

/**
 * contradictions is the checks of d:'s factChecks whose figure contradicts the data, those
 * malformed left out.
 * @param {unknown} checks
 * @returns {FactCheck[]}
 */
export function contradictions(checks) {
  return validChecks(checks).filter((c) => c.verdict === 'contradicts');
}

/** @param {unknown} checks @returns {FactCheck[]} */
const validChecks = (checks) => (Array.isArray(checks) ? checks : [])
  .filter((c) => isObj(c) && typeof c.fact === 'string' && isNum(c.value) && (c.verdict === 'agrees' || c.verdict === 'contradicts'));

/**
 * contradictionText is what the notice says of one contradiction: "The answer says the price is
 * $4.215; DexScreener says $0.4215 (data read 2 min ago)."
 * @param {FactCheck} c
 * @param {number} now
 */
export function contradictionText(c, now) {
  const p = parts(c, now);
  return `The answer says ${p.subject} is ${p.stated}; ${p.source} says ${p.figure} (${p.age}).`;
}

/** @param {FactCheck} c @param {number} now */
function parts(c, now) {
  const { subject, figure } = describeFact(c.fact, c.value);
  return { subject, figure, stated: cleanText(c.stated, 40) || 'another figure', source: cleanText(c.source, 40) || 'the data', age: readAge(c.as_of, now) };
}

/**
 * summaryText is the quiet line under the notices: "2 figures of the answer checked against the
 * data: 1 contradicts it." ("all agree" when none does); "" when nothing was checked.
 * @param {unknown} checks
 */
export function summaryText(checks) {
  const n = validChecks(checks).length;
  if (!n) return '';
  const bad = contradictions(checks).length;
  const what = `${n} figure${n === 1 ? '' : 's'} of the answer checked against the data`;
  if (!bad) return `${what}: ${n === 1 ? 'it agrees' : 'all agree'}.`;
  return `${what}: ${bad} contradict${bad === 1 ? 's' : ''} it.`;
}

/**
 * el creates an element with a class, holding text (as text nodes) and elements.
 * @param {Document} doc @param {string} tag @param {string} className @param {...(Node | string)} children
 */
function el(doc, tag, className, ...children) {
  const e = doc.createElement(tag);
  e.className = className;
  for (const c of children) e.append(typeof c === 'string' ? doc.createTextNode(c) : c);
  return e;
}

/**
 * factChecks builds the fact check of an answer: a notice per contradiction, labelled in words
 * ("Contradicts the data:"), then how many figures were checked; null when none was.
 * @param {unknown} checks d:'s factChecks
 * @param {number} now milliseconds since the epoch: the data's age is told from it
 * @param {Document} [doc]
 * @returns {HTMLElement | null}
 */
export function factChecks(checks, now, doc = document) {
  const summary = summaryText(checks);
  if (!summary) return null;
  const box = el(doc, 'div', 'fact-checks');
  box.setAttribute('role', 'note');
  box.setAttribute('aria-label', 'Fact check of the answer');
  for (const c of contradictions(checks)) {
    const p = parts(c, now);
    const age = el(doc, 'span', 'fc-age', p.age);
    age.setAttribute('data-read-at', typeof c.as_of === 'string' ? c.as_of : '');
    if (utcTime(c.as_of)) age.setAttribute('title', utcTime(c.as_of));
    const notice = el(doc, 'p', 'fc-contradiction', el(doc, 'strong', 'fc-flag', 'Contradicts the data:'),
      ` The answer says ${p.subject} is `, el(doc, 'span', 'fc-stated', p.stated),
      `; ${p.source} says `, el(doc, 'span', 'fc-value', p.figure), ' (', age, ').');
    notice.setAttribute('data-fact', cleanText(c.fact, 40));
    box.append(notice);
  }
  box.append(el(doc, 'p', 'fc-summary', summary));
  return box;
}

/**
 * refreshCheckAges tells again how old the checked data is, at now.
 * @param {ParentNode} root
 * @param {number} now
 */
export function refreshCheckAges(root, now) {
  for (const e of root.querySelectorAll('.fact-checks [data-read-at]')) e.textContent = readAge(e.getAttribute('data-read-at'), now);
}
