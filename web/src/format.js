// How the token card writes figures, times and third-party text. Locale-independent on
// purpose: the same output on every reader's machine and in the tests. A value no source gave
// is written UNKNOWN, never 0: "unknown" must not read as "safe" or "empty".

export const UNKNOWN = 'unknown';
/** MINUS is the minus sign (U+2212) negative figures start with. */
export const MINUS = '\u2212';

/** @param {unknown} v @returns {v is number} */
export const isNum = (v) => typeof v === 'number' && Number.isFinite(v);

/** group puts a comma between the thousands of the integer part of a decimal string. @param {string} s */
const group = (s) => {
  const [int, frac] = s.split('.');
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (frac === undefined ? '' : `.${frac}`);
};

/** trimZeros drops trailing zeros of a fraction, and the point if nothing is left. @param {string} s */
const trimZeros = (s) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

const UNITS = /** @type {const} */ ([[1e12, 'T'], [1e9, 'B'], [1e6, 'M'], [1e3, 'K']]);

/**
 * compact writes a non-negative amount with K, M, B or T: 15230.55 → "15.2K", 731000 → "731K",
 * 999960 → "1M" (not "1000K").
 * @param {number} a
 */
function compact(a) {
  for (let i = 0; i < UNITS.length; i++) {
    const [size, unit] = UNITS[i];
    if (a < size) continue;
    const q = a / size;
    let s = q >= 100 ? q.toFixed(0) : q.toFixed(1);
    if (Number(s) >= 1000 && i > 0) {
      i--;
      s = (a / UNITS[i][0]).toFixed(1);
    }
    return `${group(trimZeros(s))}${UNITS[i][1]}`;
  }
  if (a >= 999.5) return '1K';
  return a >= 100 ? a.toFixed(0) : a.toFixed(2).replace(/\.00$/, '');
}

/** @param {number} v */
const signOf = (v) => (v < 0 ? MINUS : '');

/**
 * formatUsd writes an amount of dollars compactly: "$15.2K", "$1.85M", "$0", "$0.41".
 * @param {unknown} v
 */
export function formatUsd(v) {
  if (!isNum(v)) return UNKNOWN;
  return `${signOf(v)}$${compact(Math.abs(v))}`;
}

/**
 * formatPrice writes a price in dollars with the precision it needs: two decimals from $1
 * ("$1.07", "$64,000.50"), four significant digits below ("$0.4215", "$0.00000731"), compact
 * from a million dollars.
 * @param {unknown} v
 */
export function formatPrice(v) {
  if (!isNum(v)) return UNKNOWN;
  const a = Math.abs(v);
  let s;
  if (a === 0) s = '0';
  else if (a >= 1e6) s = compact(a);
  else if (a >= 1) s = group(a.toFixed(2));
  else {
    const decimals = 3 - Math.floor(Math.log10(a));
    s = decimals > 20 ? a.toExponential(2) : trimZeros(a.toFixed(decimals));
  }
  return `${signOf(v)}$${s}`;
}

/**
 * formatChange writes a change in percent with its sign: "+4.2%", "−99.9%", "0.0%".
 * @param {unknown} v
 */
export function formatChange(v) {
  if (!isNum(v)) return UNKNOWN;
  const a = Math.abs(v);
  const s = a >= 1000 ? group(a.toFixed(0)) : a.toFixed(1);
  const sign = Number(s.replace(/,/g, '')) === 0 ? '' : v > 0 ? '+' : MINUS;
  return `${sign}${s}%`;
}

/**
 * formatPercent writes a share or a tax in percent, with at most two decimals: "10%", "10.5%".
 * @param {unknown} v
 */
export function formatPercent(v) {
  if (!isNum(v)) return UNKNOWN;
  return `${signOf(v)}${group(trimZeros(Math.abs(v).toFixed(2)))}%`;
}

/**
 * formatAge writes how old a pair is, in hours under two days, else in days: "2 h", "269 d".
 * @param {unknown} hours
 */
export function formatAge(hours) {
  if (!isNum(hours) || hours < 0) return UNKNOWN;
  if (hours < 1) return '< 1 h';
  if (hours < 48) return `${Math.floor(hours)} h`;
  return `${group(String(Math.floor(hours / 24)))} d`;
}

/**
 * parseTime reads an RFC 3339 time as milliseconds since the epoch, or NaN.
 * @param {unknown} t
 */
const parseTime = (t) => (typeof t === 'string' && /^\d{4}-\d\d-\d\dT/.test(t) ? Date.parse(t) : NaN);

/**
 * ageText says how old data read at asOf is, at now: "as of just now", "as of 3 min ago",
 * "as of 5 h ago", "as of 12 d ago"; "time unknown" for a missing or unreadable time.
 * @param {unknown} asOf RFC 3339
 * @param {number} now milliseconds since the epoch
 */
export function ageText(asOf, now) {
  const ago = agoText(asOf, now);
  return ago ? `as of ${ago}` : 'time unknown';
}

/**
 * agoText says how long ago asOf was, at now: "just now", "3 min ago", "5 h ago", "12 d ago";
 * "" for a missing or unreadable time.
 * @param {unknown} asOf RFC 3339
 * @param {number} now milliseconds since the epoch
 */
export function agoText(asOf, now) {
  const t = parseTime(asOf);
  if (Number.isNaN(t)) return '';
  const s = (now - t) / 1000;
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 48 * 3600) return `${Math.floor(s / 3600)} h ago`;
  return `${group(String(Math.floor(s / 86400)))} d ago`;
}

/**
 * utcTime writes an RFC 3339 time in UTC to the minute: "2026-03-01 12:00 UTC"; "" if unreadable.
 * @param {unknown} asOf
 */
export function utcTime(asOf) {
  const t = parseTime(asOf);
  return Number.isNaN(t) ? '' : `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * safeHttps returns url if it is an https:// URL, else "": links on the card lead nowhere else.
 * @param {unknown} url
 */
export function safeHttps(url) {
  if (typeof url !== 'string' || !url.startsWith('https://')) return '';
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && u.hostname ? u.href : '';
  } catch {
    return '';
  }
}

// Characters that are invisible or reorder text (controls, bidirectional overrides and
// isolates, zero-width and other format characters, private use, variation selectors): the
// server drops them already; the card does again, so nothing can disguise what a name says.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;

// Characters that reorder text: the bidirectional embeddings and overrides (U+202A–U+202E), the
// isolates (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). An override can make
// "gnp.exe" read "exe.png"; a lone mark can swap two numbers ("123 <RLM> 456" shows as
// "456 123"), so in answers about figures the marks go too.
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * stripBidi drops the characters that reorder text (BIDI) and keeps everything else as it is:
 * for the rendered answer (HTML, where nothing else may change) and other text shown as given.
 * @param {string} s
 */
export const stripBidi = (s) => s.replace(BIDI, '');

/**
 * cleanText makes third-party text safe to show as text: hidden characters dropped, white space
 * collapsed, at most limit characters (the last an ellipsis). Anything else becomes "".
 * @param {unknown} s
 * @param {number} [limit]
 */
export function cleanText(s, limit = 200) {
  if (typeof s !== 'string') return '';
  const chars = Array.from(s.replace(/\s+/g, ' ').replace(HIDDEN, '').replace(/ {2,}/g, ' ').trim());
  return chars.length > limit ? `${chars.slice(0, limit - 1).join('')}…` : chars.join('');
}

/**
 * shortAddress keeps the start and the end of a long address: "0x7e2a…6f70".
 * @param {string} a
 */
export const shortAddress = (a) => (Array.from(a).length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

const CHAINS = /** @type {Record<string, string>} */ ({
  ethereum: 'Ethereum', bsc: 'BNB Chain', base: 'Base', arbitrum: 'Arbitrum', polygon: 'Polygon',
  solana: 'Solana', evm: 'EVM, chain unknown',
});

/**
 * chainName names a DexScreener chain slug for a reader: "bsc" → "BNB Chain".
 * @param {unknown} slug
 */
export function chainName(slug) {
  const s = cleanText(slug, 32);
  return Object.hasOwn(CHAINS, s) ? CHAINS[s] : s || 'chain unknown';
}
