// The token card: what the server read about a contract address (d:'s `tokens`, one object per
// address in the shape of Go's tokenfacts.Facts), as a compact card. Every string in the facts
// comes from third parties (a token's deployer picks its name): it reaches the page as text
// nodes only (createElement, createTextNode, textContent; never innerHTML), cleaned of hidden and
// reordering characters, and links lead only to the https:// pages the facts name
// (sources[].url, market.pair_url). A fact no source gave is "unknown", never 0.
import {
  chainName, cleanText, formatAge, formatChange, formatPercent, formatPrice, formatUsd,
  isNum, safeHttps, shortAddress, UNKNOWN,
} from './format.js';
import { priceChart } from './chart.js';
import { foundBy } from './found.js';
import { age, el, isObj, link, stamp } from './nodes.js';

/** MAX_CARDS is how many cards an answer shows: the server sends at most three. */
export const MAX_CARDS = 3;
/** FINDINGS_SHOWN is how many findings show before the rest fold away (dangers always show). */
export const FINDINGS_SHOWN = 5;

const SEVERITIES = /** @type {Record<string, string>} */ ({ danger: 'Danger', warning: 'Warning', info: 'Info' });
const RANK = /** @type {Record<string, number>} */ ({ danger: 0, warning: 1, info: 2 });

/** @typedef {Record<string, any>} Facts a tokenfacts.Facts as decoded from JSON: anything may be missing */

let ids = 0;

/**
 * sourcesOf gathers, by source name, each source's page (https only) and when its data was read.
 * @param {Facts} f
 * @returns {Map<string, {name: string, url: string, asOf: string}>}
 */
function sourcesOf(f) {
  const sec = isObj(f.security) ? f.security : {};
  const at = (/** @type {unknown} */ b) => (isObj(b) && typeof b.as_of === 'string' ? b.as_of : '');
  const times = /** @type {Record<string, string>} */ ({
    [marketSource(f)]: at(f.market), GoPlus: at(sec.contract) || at(sec.holders) || at(sec.deployer), 'honeypot.is': at(sec.simulation), RugCheck: at(sec.rugcheck),
  });
  const history = isObj(f.history) ? cleanText(f.history.source, 40) : '';
  if (history && !(Object.hasOwn(times, history) && times[history])) times[history] = at(f.history);
  const map = new Map();
  for (const s of Array.isArray(f.sources) ? f.sources : []) {
    const name = cleanText(s?.name, 40);
    if (name && !map.has(name)) map.set(name, { name, url: safeHttps(s.url), asOf: Object.hasOwn(times, name) ? times[name] : '' });
  }
  for (const [name, asOf] of Object.entries(times)) {
    if (asOf && !map.has(name)) map.set(name, { name, url: '', asOf });
  }
  return map;
}

/**
 * marketSource is the name of the market data's source (DexScreener unless it says otherwise).
 * @param {Facts} f
 */
const marketSource = (f) => (isObj(f.market) && cleanText(f.market.source, 40)) || 'DexScreener';

/**
 * figures is the market block: price, 24 h change, liquidity, volume, market cap (or FDV), pair
 * age and DEX, each a link to the pair's DexScreener page titled with its age.
 * @param {Document} doc
 * @param {Facts} f
 * @param {Map<string, {name: string, url: string, asOf: string}>} sources
 * @param {number} now
 */
function figures(doc, f, sources, now) {
  const m = f.market;
  if (!isObj(m)) return el(doc, 'p', 'tc-none', 'Market data: unknown.');
  const name = marketSource(f);
  const src = { name, url: safeHttps(m.pair_url) || sources.get(name)?.url || '', asOf: sources.get(name)?.asOf ?? '' };
  const cap = isNum(m.market_cap_usd) || !isNum(m.fdv_usd) ? ['Market cap', m.market_cap_usd] : ['FDV', m.fdv_usd];
  const change = m.change_24h_percent;
  /** @type {[string, string, string?][]} label, value, class */
  const rows = [
    ['Price', formatPrice(m.price_usd)],
    ['24 h change', formatChange(change), isNum(change) && change > 0 ? 'tc-up' : isNum(change) && change < 0 ? 'tc-down' : ''],
    ['Liquidity', formatUsd(m.liquidity_usd)],
    ['24 h volume', formatUsd(m.volume_24h_usd)],
    [cap[0], formatUsd(cap[1])],
    ['Pair age', formatAge(m.pair_age_hours)],
    ['DEX', cleanText(m.dex, 32) || UNKNOWN],
  ];
  const dl = el(doc, 'dl', 'tc-figures');
  for (const [label, value, cls] of rows) {
    const dd = el(doc, 'dd', cls ?? '', value === UNKNOWN ? el(doc, 'span', 'tc-unknown', UNKNOWN) : link(doc, value, src, now));
    dl.append(el(doc, 'div', 'tc-fig', el(doc, 'dt', '', label), dd));
  }
  return dl;
}

/**
 * taxes is one line of the taxes each source reported; sources that agree share it, sources
 * that disagree each have their own.
 * @param {Document} doc
 * @param {Facts} f
 * @param {Map<string, {name: string, url: string, asOf: string}>} sources
 * @param {number} now
 */
function taxes(doc, f, sources, now) {
  const list = isObj(f.security) && Array.isArray(f.security.taxes) ? f.security.taxes.filter(isObj) : [];
  if (!list.length) return null;
  /** @type {Map<string, string[]>} what they say → who says it */
  const groups = new Map();
  for (const t of list) {
    const parts = [`buy ${formatPercent(t.buy_percent)}`, `sell ${formatPercent(t.sell_percent)}`];
    if (isNum(t.transfer_percent)) parts.push(`transfer ${formatPercent(t.transfer_percent)}`);
    const key = parts.join(', ');
    groups.set(key, [...(groups.get(key) ?? []), cleanText(t.source, 40) || 'unknown source']);
  }
  const p = el(doc, 'p', 'tc-taxes', el(doc, 'span', 'tc-label', groups.size > 1 ? 'Taxes (the sources disagree):' : 'Taxes:'), ' ');
  let first = true;
  for (const [text, names] of groups) {
    if (!first) p.append(doc.createTextNode('; '));
    first = false;
    p.append(doc.createTextNode(`${text} (`));
    names.forEach((n, i) => {
      if (i) p.append(doc.createTextNode(', '));
      p.append(link(doc, n, sources.get(n) ?? { name: n, url: '', asOf: '' }, now));
    });
    p.append(doc.createTextNode(')'));
  }
  return p;
}

/**
 * deployers is a line per wallet behind the contract (its creator, its owner) saying whether the
 * source flags it, and for what. A flagged wallet is a danger finding too; this line says whose.
 * @param {Document} doc
 * @param {Record<string, any>} sec facts.security
 */
function deployers(doc, sec) {
  const d = isObj(sec.deployer) ? sec.deployer : {};
  const source = cleanText(d.source, 40) || 'the source';
  return (Array.isArray(d.wallets) ? d.wallets.filter(isObj) : []).slice(0, 3).map((w) => {
    const roles = Array.isArray(w.roles) ? w.roles : [];
    const who = roles.includes('creator') ? `Deployer${roles.includes('owner') ? ' and owner' : ''}` : roles.includes('owner') ? 'Owner' : 'Wallet';
    const flags = (Array.isArray(w.flags) ? w.flags : []).map((x) => cleanText(x, 40).replace(/_/g, ' ')).filter(Boolean).slice(0, 8);
    const n = w.malicious_contracts_created;
    const data = cleanText(w.data_source, 80).split(',').map((x) => x.trim()).filter(Boolean);
    const details = [flags.join(', '), isNum(n) && n > 0 ? `${n} malicious contract${n === 1 ? '' : 's'} created` : '', data.length ? `data: ${data.join(', ')}` : '']
      .filter(Boolean);
    const said = w.flagged === true ? `flagged by ${source}` : w.flagged === false ? `no flags in ${source}'s record` : `unknown whether ${source} flags it`;
    const p = el(doc, 'p', 'tc-deployer', el(doc, 'span', 'tc-label', who));
    const address = cleanText(w.address, 64);
    if (address) {
      const code = el(doc, 'code', 'tc-wallet', shortAddress(address));
      code.setAttribute('title', address);
      p.append(doc.createTextNode(' '), code);
    }
    p.append(doc.createTextNode(`: ${said}${details.length ? ` (${details.join('; ')})` : ''}`));
    p.setAttribute('data-flagged', typeof w.flagged === 'boolean' ? String(w.flagged) : 'unknown');
    return p;
  });
}

/**
 * finding is one list item: its severity as a word (not colour alone), its text and its source.
 * @param {Document} doc
 * @param {Record<string, any>} x
 */
function finding(doc, x) {
  const sev = Object.hasOwn(SEVERITIES, x.severity) ? x.severity : 'info';
  const li = el(doc, 'li', 'tc-finding', el(doc, 'span', 'tc-sev', Object.hasOwn(SEVERITIES, x.severity) ? SEVERITIES[sev] : 'Note'), ' ',
    el(doc, 'span', 'tc-text', cleanText(x.text, 300) || UNKNOWN));
  const source = cleanText(x.source, 40);
  if (source) li.append(doc.createTextNode(' '), el(doc, 'span', 'tc-src', `(${source})`));
  li.setAttribute('data-severity', sev);
  return li;
}

/**
 * security is the findings, dangers first, with their count by severity in the heading; past
 * FINDINGS_SHOWN (and past the dangers) the rest fold into a disclosure.
 * @param {Document} doc
 * @param {Facts} f
 * @param {Map<string, {name: string, url: string, asOf: string}>} sources
 * @param {number} now
 */
function security(doc, f, sources, now) {
  const list = (Array.isArray(f.findings) ? f.findings.filter(isObj) : [])
    .map((x, i) => ({ x, i, r: RANK[x.severity] ?? 2 }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ x }) => x);
  const counts = ['danger', 'warning', 'info'].map((s) => [s, list.filter((x) => (RANK[x.severity] ?? 2) === RANK[s]).length])
    .filter(([, n]) => n).map(([s, n]) => `${n} ${s}${n === 1 || s === 'info' ? '' : 's'}`);
  const box = el(doc, 'div', 'tc-security', el(doc, 'h4', 'tc-sub', counts.length ? `Security findings: ${counts.join(', ')}` : 'Security'));
  const tax = taxes(doc, f, sources, now);
  if (tax) box.append(tax);
  if (isObj(f.security)) box.append(...deployers(doc, f.security));
  if (!list.length) {
    box.append(el(doc, 'p', 'tc-none', isObj(f.security) ? 'No findings from the sources that answered.' : 'Security data: unknown.'));
    return box;
  }
  const shown = Math.max(FINDINGS_SHOWN, list.filter((x) => x.severity === 'danger').length);
  const ul = el(doc, 'ul', 'tc-findings');
  for (const x of list.slice(0, shown)) ul.append(finding(doc, x));
  box.append(ul);
  if (list.length > shown) {
    const rest = el(doc, 'ul', 'tc-findings');
    for (const x of list.slice(shown)) rest.append(finding(doc, x));
    const more = list.length - shown;
    box.append(el(doc, 'details', 'tc-more', el(doc, 'summary', '', `${more} more finding${more === 1 ? '' : 's'}`), rest));
  }
  return box;
}

/** ICONS are the verdict's shapes, one per severity: the word says it too. */
const ICONS = /** @type {Record<string, string>} */ ({ danger: '\u2716', warning: '\u25B2', info: '\u25CF' });

/**
 * verdict opens the card: the server's summary of what matters most, its severity in a word
 * (and a shape) before it, not in colour alone. An older server sends none: nothing shows.
 * @param {Document} doc
 * @param {Facts} f
 */
function verdict(doc, f) {
  const v = f.verdict;
  if (!isObj(v)) return null;
  const known = Object.hasOwn(SEVERITIES, v.severity);
  const sev = known ? v.severity : 'info';
  const icon = el(doc, 'span', 'tc-verdict-icon', ICONS[sev]);
  icon.setAttribute('aria-hidden', 'true');
  const p = el(doc, 'p', 'tc-verdict', icon, ' ', el(doc, 'span', 'tc-verdict-sev', known ? SEVERITIES[sev] : 'Note'), ' ',
    el(doc, 'span', 'tc-verdict-text', cleanText(v.summary, 400) || 'no summary given'));
  p.setAttribute('data-severity', sev);
  return p;
}

/**
 * buildCard builds the card of one token's facts, or returns null for something that is not.
 * @param {unknown} f
 * @param {number} now milliseconds since the epoch: ages are told relative to it
 * @param {Document} [doc]
 * @returns {HTMLElement | null}
 */
export function buildCard(f, now, doc = document) {
  if (!isObj(f) || !isObj(f.token)) return null;
  const t = f.token;
  const name = cleanText(t.name, 64);
  const symbol = cleanText(t.symbol, 24);
  const address = cleanText(t.address, 64);
  const sources = sourcesOf(f);
  const id = `token-card-${++ids}`;
  const title = el(doc, 'h3', 'tc-title', el(doc, 'bdi', 'tc-name', name || 'Unknown token'));
  if (symbol) title.append(doc.createTextNode(' '), el(doc, 'bdi', 'tc-symbol', symbol));
  title.setAttribute('id', id);
  const meta = el(doc, 'p', 'tc-meta', el(doc, 'span', 'tc-chain', chainName(t.chain)));
  if (address) {
    const code = el(doc, 'code', 'tc-address', shortAddress(address));
    code.setAttribute('title', address);
    meta.append(doc.createTextNode(' '), code);
  }
  const card = el(doc, 'section', 'token-card', el(doc, 'p', 'tc-kicker', 'Token facts'), title);
  // The verdict first, right under the heading; then what it is, its market and its security.
  const opening = verdict(doc, f);
  if (opening) card.append(opening);
  const found = foundBy(f.identified);
  card.append(meta, ...(found ? [el(doc, 'p', 'tc-found', found)] : []), figures(doc, f, sources, now));
  const chart = priceChart(doc, f, now);
  if (chart) card.append(chart);
  card.append(security(doc, f, sources, now));
  card.setAttribute('aria-labelledby', id);

  const gone = (Array.isArray(f.unavailable) ? f.unavailable.filter(isObj) : [])
    .map((u) => `${cleanText(u.source, 40) || 'a source'} (${cleanText(u.reason, 60) || 'no reason given'})`);
  if (gone.length) card.append(el(doc, 'p', 'tc-unavailable', el(doc, 'span', 'tc-label', 'Unavailable:'), ` ${gone.join('; ')}`));

  if (sources.size) {
    const p = el(doc, 'p', 'tc-sources', el(doc, 'span', 'tc-label', 'Sources:'));
    for (const src of sources.values()) {
      p.append(el(doc, 'span', 'tc-source', link(doc, src.name, src, now), ' ', age(doc, src.asOf, now)));
    }
    card.append(p);
  }
  return card;
}

/**
 * tokenCards builds the cards of d:'s tokens (at most MAX_CARDS), or returns null when there are none.
 * @param {unknown} tokens
 * @param {number} now
 * @param {Document} [doc]
 */
export function tokenCards(tokens, now, doc = document) {
  const cards = (Array.isArray(tokens) ? tokens : []).slice(0, MAX_CARDS).map((f) => buildCard(f, now, doc)).filter((c) => c !== null);
  return cards.length ? el(doc, 'div', 'token-cards', ...cards) : null;
}

/**
 * refreshAges tells again how old the cards' data is, at now.
 * @param {ParentNode} root
 * @param {number} now
 */
export function refreshAges(root, now) {
  for (const e of root.querySelectorAll('.token-card [data-as-of]')) stamp(e, now);
}
