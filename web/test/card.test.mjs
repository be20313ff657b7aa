// Unit tests of the token card (card.js) and its formatting (format.js), without a browser: the
// card is built on a small fake DOM that knows only what card.js may use (createElement,
// createTextNode, textContent, attributes) and throws on innerHTML and on raw strings appended.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCard, refreshAges, tokenCards, FINDINGS_SHOWN, MAX_CARDS } from '../src/card.js';
import { chartText, seriesOf, H, W } from '../src/chart.js';
import { choiceFacts, heading, tokenChoices, waitLabel, CHOICE_QUESTION, MAX_CHOICES, MAX_QUERIES } from '../src/choices.js';
import { foundBy } from '../src/found.js';
import { contradictionText, contradictions, describeFact, factChecks, refreshCheckAges, summaryText } from '../src/factcheck.js';
import {
  ageText, chainName, cleanText, formatAge, formatChange, formatPercent, formatPrice, formatUsd,
  safeHttps, shortAddress, utcTime, MINUS, UNKNOWN,
} from '../src/format.js';

class FakeText {
  /** @param {string} data */
  constructor(data) { this.data = String(data); }
  get textContent() { return this.data; }
}

class FakeElement {
  /** @param {string} tag */
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    /** @type {(FakeElement | FakeText)[]} */
    this.childNodes = [];
    /** @type {Map<string, string>} */
    this.attrs = new Map();
    this.className = '';
  }
  /** @param {...(FakeElement | FakeText)} nodes */
  append(...nodes) {
    for (const n of nodes) {
      assert.ok(n instanceof FakeElement || n instanceof FakeText, `append takes nodes only, got ${typeof n}`);
      this.childNodes.push(n);
    }
  }
  /** @param {string} k @param {string} v */
  setAttribute(k, v) {
    assert.ok(!/^on/i.test(k), `no event handler attributes: ${k}`);
    this.attrs.set(k, String(v));
    if (k === 'class') this.className = String(v);
  }
  /** @param {string} k */
  getAttribute(k) { return this.attrs.get(k) ?? null; }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(''); }
  set textContent(v) { this.childNodes = [new FakeText(v)]; }
  set innerHTML(_) { throw new Error('innerHTML must not be used'); }
  set outerHTML(_) { throw new Error('outerHTML must not be used'); }
  insertAdjacentHTML() { throw new Error('insertAdjacentHTML must not be used'); }
  /** @returns {FakeElement[]} every element below, in document order */
  all() { return this.childNodes.flatMap((c) => (c instanceof FakeElement ? [c, ...c.all()] : [])); }
  /** @param {string} cls */
  find(cls) { return this.all().filter((e) => e.className.split(' ').includes(cls)); }
  /** @param {string} tag */
  tags(tag) { return this.all().filter((e) => e.tagName === tag.toUpperCase()); }
  /** querySelectorAll for the one selector refreshAges uses. @param {string} sel */
  querySelectorAll(sel) {
    if (sel === '.fact-checks [data-read-at]') return this.all().filter((e) => e.attrs.has('data-read-at'));
    assert.equal(sel, '.token-card [data-as-of]');
    const cards = this.className.split(' ').includes('token-card') ? [this] : this.find('token-card');
    return cards.flatMap((c) => c.all().filter((e) => e.attrs.has('data-as-of')));
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const doc = /** @type {Document} */ (/** @type {unknown} */ ({
  createElement: (/** @type {string} */ t) => new FakeElement(t),
  createElementNS: (/** @type {string} */ ns, /** @type {string} */ t) => {
    assert.equal(ns, SVG_NS, 'only SVG elements come from another namespace');
    return new FakeElement(t);
  },
  createTextNode: (/** @type {string} */ t) => new FakeText(t),
}));

const AS_OF = '2026-03-01T12:00:00Z';
const NOW = Date.parse(AS_OF) + 3 * 60_000 + 20_000; // 3 min 20 s later
const PAIR = 'https://dexscreener.com/bsc/0x2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';

/** The demo's EVMHoneypot fixture as the server sends it (findings shortened). */
const honeypot = () => ({
  token: { address: '0x7e2a1b8c9d0f4e3a6b5c8d7e0f1a2b3c4d5e6f70', chain: 'bsc', chain_id: '56', name: 'Golden Panda', symbol: 'GPANDA' },
  market: {
    source: 'DexScreener', as_of: AS_OF, price_usd: 7.31e-6, liquidity_usd: 15230.55, volume_24h_usd: 2200.4, fdv_usd: 731000,
    pair_age_hours: 6464.8, dex: 'pancakeswap', pair_url: PAIR, pairs_found: 1,
  },
  security: {
    taxes: [{ source: 'GoPlus', buy_percent: 10, sell_percent: 99 }, { source: 'honeypot.is', buy_percent: 10.5, sell_percent: 100, transfer_percent: 0 }],
    contract: { source: 'GoPlus', as_of: AS_OF, honeypot: true },
    simulation: { source: 'honeypot.is', as_of: '2026-03-01T11:00:00Z', honeypot: true },
  },
  findings: [
    { severity: 'warning', text: 'The contract can mint new tokens.', source: 'GoPlus' },
    { severity: 'danger', text: 'GoPlus flags the token as a honeypot: it may be impossible to sell.', source: 'GoPlus' },
    { severity: 'info', text: 'An info line.', source: 'GoPlus' },
    { severity: 'danger', text: "honeypot.is's simulation could not sell the token: it is a honeypot.", source: 'honeypot.is' },
  ],
  sources: [
    { name: 'DexScreener', url: PAIR },
    { name: 'GoPlus', url: 'https://gopluslabs.io/token-security/56/0x7e2a1b8c9d0f4e3a6b5c8d7e0f1a2b3c4d5e6f70' },
    { name: 'honeypot.is', url: 'https://honeypot.is/bsc?address=0x7e2a1b8c9d0f4e3a6b5c8d7e0f1a2b3c4d5e6f70' },
  ],
});

/** card builds a card on the fake DOM. @param {unknown} facts */
const card = (facts) => /** @type {FakeElement} */ (/** @type {unknown} */ (buildCard(facts, NOW, doc)));
/** figures maps each figure's label to its element. @param {FakeElement} c */
const figures = (c) => Object.fromEntries(c.find('tc-fig').map((f) => [f.tags('dt')[0].textContent, f.tags('dd')[0]]));

describe('format', () => {
  test('dollar amounts are compact and locale-independent', () => {
    const cases = [[0, '$0'], [0.41, '$0.41'], [15, '$15'], [512, '$512'], [999.6, '$1K'], [2200.4, '$2.2K'], [15230.55, '$15.2K'],
      [731000, '$731K'], [999960, '$1M'], [1234567, '$1.2M'], [5210000, '$5.2M'], [118e6, '$118M'], [1.21e9, '$1.2B'], [-3, `${MINUS}$3`]];
    for (const [v, want] of cases) assert.equal(formatUsd(v), want, String(v));
  });
  test('prices keep the precision a tiny price needs', () => {
    const cases = [[7.31e-6, '$0.00000731'], [0.00521, '$0.00521'], [0.4215, '$0.4215'], [1.07, '$1.07'], [64000.5, '$64,000.50'], [0, '$0'], [2.5e6, '$2.5M']];
    for (const [v, want] of cases) assert.equal(formatPrice(v), want, String(v));
    assert.doesNotMatch(formatPrice(1e-12), /e/, 'no exponent for a small price');
  });
  test('changes carry their sign, percentages and ages are plain', () => {
    assert.equal(formatChange(4.2), '+4.2%');
    assert.equal(formatChange(-99.87), `${MINUS}99.9%`);
    assert.equal(formatChange(0), '0.0%');
    assert.equal(formatChange(-0.01), '0.0%', 'no sign on what rounds to zero');
    assert.equal(formatChange(1234.5), '+1,235%');
    assert.deepEqual([10, 10.5, 0.48, 100, 0].map(formatPercent), ['10%', '10.5%', '0.48%', '100%', '0%']);
    assert.deepEqual([0.5, 2.7, 47.9, 48, 6464.8, 26560.6].map(formatAge), ['< 1 h', '2 h', '47 h', '2 d', '269 d', '1,106 d']);
  });
  test('a missing figure is unknown, never 0', () => {
    for (const v of [undefined, null, NaN, Infinity, '0', '12', {}, true]) {
      for (const f of [formatUsd, formatPrice, formatChange, formatPercent, formatAge]) assert.equal(f(v), UNKNOWN, `${f.name}(${String(v)})`);
    }
    assert.equal(formatUsd(0), '$0', 'a known zero stays zero');
  });
  test('ages are relative to now, times in UTC', () => {
    const t = Date.parse(AS_OF);
    assert.equal(ageText(AS_OF, t + 20_000), 'as of just now');
    assert.equal(ageText(AS_OF, t - 60_000), 'as of just now', 'a clock behind the server');
    assert.equal(ageText(AS_OF, NOW), 'as of 3 min ago');
    assert.equal(ageText(AS_OF, t + 5 * 3600_000), 'as of 5 h ago');
    assert.equal(ageText(AS_OF, t + 269 * 86400_000), 'as of 269 d ago');
    assert.equal(ageText('', NOW), 'time unknown');
    assert.equal(ageText('yesterday', NOW), 'time unknown');
    assert.equal(utcTime(AS_OF), '2026-03-01 12:00 UTC');
    assert.equal(utcTime(undefined), '');
  });
  test('only https:// URLs are links', () => {
    assert.equal(safeHttps(PAIR), PAIR);
    for (const u of ['http://dexscreener.com/x', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example/', ' https://a.example/',
      'https:evil', 'https://', 'HTTPS://a.example/', null, 42, { toString: () => PAIR }]) {
      assert.equal(safeHttps(u), '', String(u));
    }
  });
  test('third-party text loses hidden and reordering characters and is clipped', () => {
    assert.equal(cleanText('Safe\u202Etxe.exe\u200B \u2066x\u2069\u0000\n\tcoin'), 'Safetxe.exe x coin');
    assert.equal(Array.from(cleanText('🐸'.repeat(100), 64)).length, 64);
    assert.ok(cleanText('a'.repeat(100), 64).endsWith('…'));
    assert.equal(cleanText(42), '');
    assert.equal(shortAddress('0x7e2a1b8c9d0f4e3a6b5c8d7e0f1a2b3c4d5e6f70'), '0x7e2a…6f70');
    assert.equal(chainName('bsc'), 'BNB Chain');
    assert.equal(chainName('evm'), 'EVM, chain unknown');
    assert.equal(chainName('toString'), 'toString', 'no prototype lookups');
    assert.equal(chainName(undefined), 'chain unknown');
  });
});

describe('token card', () => {
  test('shows name, symbol, chain, address and the market figures, each linked to its page with its age', () => {
    const c = card(honeypot());
    assert.equal(c.tagName, 'SECTION');
    assert.equal(c.find('tc-title')[0].textContent, 'Golden Panda GPANDA');
    assert.equal(c.getAttribute('aria-labelledby'), c.find('tc-title')[0].getAttribute('id'));
    assert.equal(c.find('tc-chain')[0].textContent, 'BNB Chain');
    assert.equal(c.find('tc-address')[0].textContent, '0x7e2a…6f70');
    assert.equal(c.find('tc-address')[0].getAttribute('title'), '0x7e2a1b8c9d0f4e3a6b5c8d7e0f1a2b3c4d5e6f70');
    const f = figures(c);
    assert.deepEqual(Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v.textContent])), {
      Price: '$0.00000731', '24 h change': UNKNOWN, Liquidity: '$15.2K', '24 h volume': '$2.2K', FDV: '$731K', 'Pair age': '269 d', DEX: 'pancakeswap',
    });
    for (const [label, dd] of Object.entries(f)) {
      const a = dd.tags('a')[0];
      if (label === '24 h change') {
        assert.equal(a, undefined, 'an unknown figure links nowhere');
        continue;
      }
      assert.equal(a.getAttribute('href'), PAIR, label);
      assert.equal(a.getAttribute('rel'), 'noopener noreferrer nofollow');
      assert.equal(a.getAttribute('title'), 'DexScreener, as of 3 min ago (2026-03-01 12:00 UTC)', label);
    }
  });

  test('findings show their severity in words, dangers first; disagreeing taxes show per source', () => {
    const c = card(honeypot());
    const items = c.find('tc-finding');
    assert.deepEqual(items.map((li) => li.getAttribute('data-severity')), ['danger', 'danger', 'warning', 'info']);
    assert.deepEqual(items.map((li) => li.find('tc-sev')[0].textContent), ['Danger', 'Danger', 'Warning', 'Info']);
    assert.equal(items[0].textContent, 'Danger GoPlus flags the token as a honeypot: it may be impossible to sell. (GoPlus)');
    assert.equal(c.find('tc-sub')[0].textContent, 'Security findings: 2 dangers, 1 warning, 1 info');
    const taxes = c.find('tc-taxes')[0];
    assert.equal(taxes.textContent, 'Taxes (the sources disagree): buy 10%, sell 99% (GoPlus); buy 10.5%, sell 100%, transfer 0% (honeypot.is)');
    assert.deepEqual(taxes.tags('a').map((a) => a.getAttribute('title')), [
      'GoPlus, as of 3 min ago (2026-03-01 12:00 UTC)', 'honeypot.is, as of 1 h ago (2026-03-01 11:00 UTC)']);
    const agree = honeypot();
    agree.security.taxes = [{ source: 'GoPlus', buy_percent: 0, sell_percent: 0.5 }, { source: 'honeypot.is', buy_percent: 0, sell_percent: 0.5 }];
    assert.equal(card(agree).find('tc-taxes')[0].textContent, 'Taxes: buy 0%, sell 0.5% (GoPlus, honeypot.is)');
    // Every source: a link and a visible age; nothing unavailable.
    assert.deepEqual(c.find('tc-source').map((s) => s.textContent),
      ['DexScreener as of 3 min ago', 'GoPlus as of 3 min ago', 'honeypot.is as of 1 h ago']);
    assert.equal(c.find('tc-unavailable').length, 0);
    // Market data from another source is filed under that source, figures and Sources alike.
    const other = honeypot();
    other.market.source = 'GeckoTerminal';
    other.sources = other.sources.filter((s) => s.name !== 'DexScreener');
    const o = card(other);
    assert.match(figures(o).Price.find('tc-value')[0].getAttribute('title') ?? '', /^GeckoTerminal, as of 3 min ago/);
    assert.deepEqual(o.find('tc-source').map((s) => s.textContent),
      ['GoPlus as of 3 min ago', 'honeypot.is as of 1 h ago', 'GeckoTerminal as of 3 min ago']);
  });

  test('many findings fold away past the dangers', () => {
    const f = honeypot();
    f.findings = [...Array(3)].map((_, i) => ({ severity: 'danger', text: `d${i}`, source: 'GoPlus' }))
      .concat([...Array(8)].map((_, i) => ({ severity: 'warning', text: `w${i}`, source: 'GoPlus' })));
    const c = card(f);
    const details = c.find('tc-more')[0];
    assert.equal(details.tagName, 'DETAILS');
    assert.equal(details.tags('summary')[0].textContent, `${11 - FINDINGS_SHOWN} more findings`);
    assert.equal(c.find('tc-findings')[0].childNodes.length, FINDINGS_SHOWN);
    f.findings = [...Array(7)].map((_, i) => ({ severity: 'danger', text: `d${i}`, source: 'GoPlus' }));
    assert.equal(card(f).find('tc-more').length, 0, 'every danger shows');
  });

  test('unknown is not zero: a drained pool shows $0, a figure no source gave shows unknown', () => {
    const f = honeypot();
    f.market.liquidity_usd = 0;
    delete f.market.volume_24h_usd;
    f.market.market_cap_usd = 5210000;
    const fig = figures(card(f));
    assert.equal(fig.Liquidity.textContent, '$0');
    assert.equal(fig['24 h volume'].textContent, UNKNOWN);
    assert.equal(fig['Market cap'].textContent, '$5.2M', 'market cap before FDV');
    assert.equal(fig['24 h volume'].tags('a').length, 0);
  });

  test('an address no source knows: unknown market, unknown security, and who was unavailable and why', () => {
    const c = card({
      token: { address: '0x0a0b0c0d0e0f1011121314151617181920212223', chain: 'evm' },
      unavailable: [{ source: 'DexScreener', reason: 'not found' }, { source: 'GoPlus', reason: 'chain unknown' }],
    });
    assert.equal(c.find('tc-title')[0].textContent, 'Unknown token');
    assert.equal(c.find('tc-chain')[0].textContent, 'EVM, chain unknown');
    assert.deepEqual(c.find('tc-none').map((p) => p.textContent), ['Market data: unknown.', 'Security data: unknown.']);
    assert.equal(c.find('tc-unavailable')[0].textContent, 'Unavailable: DexScreener (not found); GoPlus (chain unknown)');
    assert.equal(c.tags('a').length, 0);
    assert.doesNotMatch(c.textContent, /\$0|0%/, 'no zero stands for a missing figure');
  });

  test('links go to https pages only', () => {
    const f = honeypot();
    f.market.pair_url = 'javascript:alert(1)';
    f.sources = [{ name: 'DexScreener', url: 'javascript:alert(1)' }, { name: 'GoPlus', url: 'http://gopluslabs.io/x' },
      { name: 'honeypot.is', url: 'data:text/html,<script>alert(1)</script>' }];
    const c = card(f);
    assert.deepEqual(c.tags('a'), [], 'no link at all');
    assert.equal(figures(c).Price.textContent, '$0.00000731', 'the figure stays, as text');
    assert.match(figures(c).Price.find('tc-value')[0].getAttribute('title') ?? '', /^DexScreener, as of 3 min ago/);
    // A pair URL that fails falls back to DexScreener's source page when that one is https.
    f.sources[0].url = 'https://dexscreener.com/bsc/other';
    assert.equal(figures(card(f)).Price.tags('a')[0].getAttribute('href'), 'https://dexscreener.com/bsc/other');
  });

  test('hostile strings stay text', () => {
    const evil = '<img src=x onerror="window.__pwned=1">\u202Eevil\u200B' + 'X'.repeat(500);
    const f = honeypot();
    f.token.name = evil;
    f.token.symbol = '<script>x</script>';
    f.token.chain = '<b>chain</b>';
    f.market.dex = '<a href="javascript:x">d</a>';
    f.findings = [{ severity: '<i>danger</i>', text: '<svg onload=alert(1)>', source: '"><script>' }];
    f.unavailable = [{ source: '<u>x</u>', reason: '\u202Ereason' }];
    f.sources.push({ name: '<iframe>', url: 'https://evil.example/"><script>' });
    const c = card(f);
    assert.deepEqual([...new Set(c.all().map((e) => e.tagName))].sort(),
      ['A', 'BDI', 'CODE', 'DD', 'DIV', 'DL', 'DT', 'H3', 'H4', 'LI', 'P', 'SPAN', 'UL'], 'only the card\'s own elements');
    const name = c.find('tc-name')[0].textContent;
    assert.ok(name.startsWith('<img src=x onerror="window.__pwned=1">evil'), name);
    assert.equal(Array.from(name).length, 64, 'clipped to 64 characters');
    assert.equal(c.find('tc-symbol')[0].textContent, '<script>x</script>');
    assert.equal(figures(c).DEX.textContent, '<a href="javascript:x">d</a>');
    assert.equal(c.find('tc-finding')[0].textContent, 'Note <svg onload=alert(1)> ("><script>)');
    assert.equal(c.find('tc-finding')[0].getAttribute('data-severity'), 'info');
    assert.doesNotMatch(c.textContent, /[\u202E\u200B]/, 'no bidi override, no zero-width space');
    assert.equal(c.tags('a').at(-1)?.getAttribute('href'), 'https://evil.example/%22%3E%3Cscript%3E', 'a URL is normalised');
  });

  test('tokenCards: at most three, malformed entries skipped; refreshAges tells the age again', () => {
    assert.equal(tokenCards(undefined, NOW, doc), null);
    assert.equal(tokenCards([null, 'x', { token: 'x' }, []], NOW, doc), null);
    const box = /** @type {FakeElement} */ (/** @type {unknown} */ (tokenCards([honeypot(), 7, honeypot(), honeypot(), honeypot()], NOW, doc)));
    assert.equal(box.className, 'token-cards');
    assert.equal(box.childNodes.length, MAX_CARDS - 1, 'the fourth is past the limit, the junk second is skipped');
    const ids = box.find('tc-title').map((h) => h.getAttribute('id'));
    assert.equal(new Set(ids).size, ids.length, 'unique heading ids');
    refreshAges(/** @type {ParentNode} */ (/** @type {unknown} */ (box)), Date.parse(AS_OF) + 2 * 3600_000);
    assert.equal(box.find('tc-age')[0].textContent, 'as of 2 h ago');
    assert.match(box.find('tc-value')[0].getAttribute('title') ?? '', /^DexScreener, as of 2 h ago/);
  });
});

const DAY = 86400;
/** 2025-10-27 00:00 UTC, the first day of the history below. */
const T0 = 1761523200;
/** Thirty daily closes: $0.41 to $0.52, the low $0.31 on the 8th (3 Nov), the high $0.91 on the 23rd (18 Nov). */
const CLOSES = [0.41, 0.43, 0.45, 0.5, 0.44, 0.38, 0.35, 0.31, 0.36, 0.4, 0.48, 0.55, 0.62, 0.7, 0.74,
  0.78, 0.8, 0.83, 0.85, 0.86, 0.88, 0.9, 0.91, 0.86, 0.8, 0.72, 0.66, 0.6, 0.55, 0.52];
const GECKO = 'https://www.geckoterminal.com/bsc/pools/0xabc';

/** history is GeckoTerminal's record of CLOSES as the server sends it. @param {Record<string, any>} [over] */
const history = (over = {}) => ({
  source: 'GeckoTerminal', as_of: AS_OF, interval: 'day', url: GECKO,
  points: CLOSES.map((close, i) => ({ time: T0 + i * DAY, close })),
  change_7d_percent: -12.5, change_30d_percent: 40.1, high_30d_usd: 0.91, high_at: T0 + 22 * DAY, low_30d_usd: 0.31, low_at: T0 + 7 * DAY,
  drawdown_percent: 42.86, last_day_change_percent: -3.2, ...over,
});
/** withHistory is the honeypot with a price history. @param {unknown} h */
const withHistory = (h) => ({ ...honeypot(), history: h });
/** xy reads a polyline's points. @param {FakeElement} line */
const xy = (line) => (line.getAttribute('points') ?? '').split(' ').map((p) => p.split(',').map(Number));
/** dot is the high's or the low's circle. @param {FakeElement} c @param {string} kind */
const dot = (c, kind) => c.tags('circle').filter((e) => e.className.includes(`tc-chart-${kind}`)).map((e) => [Number(e.getAttribute('cx')), Number(e.getAttribute('cy'))])[0];

describe('token card: verdict, price chart, deployer', () => {
  test('the verdict opens the card, right under its heading, its severity in a word before the summary', () => {
    for (const [severity, word] of [['danger', 'Danger'], ['warning', 'Warning'], ['info', 'Info'], ['<b>bad</b>', 'Note']]) {
      const summary = 'Honeypot: it cannot be sold (GoPlus, honeypot.is); Sell tax of 99% (GoPlus)';
      const c = card({ ...honeypot(), verdict: { severity, summary } });
      const kids = /** @type {FakeElement[]} */ (c.childNodes);
      const at = kids.findIndex((e) => e.className === 'tc-title');
      assert.equal(at, 1, 'the kicker, then the heading');
      const v = kids[at + 1];
      assert.equal(v.className, 'tc-verdict', `${severity}: the first thing after the heading`);
      assert.equal(c.find('tc-verdict').length, 1);
      assert.equal(v.find('tc-verdict-sev')[0].textContent, word);
      assert.equal(v.getAttribute('data-severity'), word === 'Note' ? 'info' : severity);
      assert.equal(v.textContent.slice(2), `${word} ${summary}`, 'the word first, then the summary (after the shape)');
      assert.equal(v.find('tc-verdict-icon')[0].getAttribute('aria-hidden'), 'true', 'the shape is not read out: the word is');
    }
    const icons = ['danger', 'warning', 'info'].map((severity) => card({ ...honeypot(), verdict: { severity, summary: 'x' } }).find('tc-verdict-icon')[0].textContent);
    assert.equal(new Set(icons).size, 3, 'a shape of its own per severity');
  });

  test('no verdict from an older server: nothing for it; a hostile summary stays text', () => {
    for (const v of [undefined, null, 'danger', ['danger']]) {
      const c = card({ ...honeypot(), verdict: v });
      assert.equal(c.find('tc-verdict').length, 0, String(v));
      assert.equal(/** @type {FakeElement} */ (c.childNodes[2]).className, 'tc-meta');
    }
    const c = card({ ...honeypot(), verdict: { severity: 'danger', summary: '<img src=x onerror="window.__pwned=1">\u202Esafe\u200B' } });
    assert.equal(c.find('tc-verdict-text')[0].textContent, '<img src=x onerror="window.__pwned=1">safe');
    assert.equal(c.find('tc-verdict')[0].all().map((e) => e.tagName).join(), 'SPAN,SPAN,SPAN');
    assert.equal(card({ ...honeypot(), verdict: { severity: 'warning' } }).find('tc-verdict-text')[0].textContent, 'no summary given');
  });

  test('30 daily closes: a line of 30 points, the high and the low marked with their price, and the same in words', () => {
    const c = card(withHistory(history()));
    const chart = c.find('tc-chart')[0];
    const kids = /** @type {FakeElement[]} */ (c.childNodes).map((e) => e.className);
    assert.ok(kids.indexOf('tc-chart') === kids.indexOf('tc-figures') + 1, `after the market figures: ${kids}`);
    assert.equal(chart.tags('h4')[0].textContent, 'Price history');
    assert.equal(c.find('tc-sub').length, 1, 'the security heading alone is a tc-sub');
    const [svg] = chart.tags('svg');
    assert.equal(svg.getAttribute('role'), 'img');
    assert.equal(svg.getAttribute('viewBox'), `0 0 ${W} ${H}`);
    assert.equal(svg.getAttribute('aria-label'), 'Price chart over 30 days: low $0.31, high $0.91');
    const line = chart.tags('polyline');
    assert.equal(line.length, 1);
    const pts = xy(line[0]);
    assert.equal(pts.length, 30);
    for (const [x, y] of pts) assert.ok(x >= 0 && x <= W && y >= 0 && y <= H, `inside the box: ${x},${y}`);
    assert.ok(pts.every(([x], i) => i === 0 || x > pts[i - 1][0]), 'oldest on the left');
    const ys = pts.map(([, y]) => y);
    assert.deepEqual(dot(chart, 'high'), pts[22], 'the high is the 23rd close');
    assert.deepEqual(dot(chart, 'low'), pts[7], 'the low is the 8th close');
    assert.equal(pts[22][1], Math.min(...ys), 'the high at the top');
    assert.equal(pts[7][1], Math.max(...ys), 'the low at the bottom');
    assert.deepEqual(chart.tags('text').map((t) => t.textContent), ['High $0.91', 'Low $0.31']);
    assert.equal(chart.find('tc-chart-text')[0].textContent, 'Price over 30 days: $0.41 \u2192 $0.52 (+26.8%); high $0.91 on 18 Nov, low $0.31 on 3 Nov; '
      + `7-day change ${MINUS}12.5%; 30-day change +40.1%; last day's change ${MINUS}3.2%; 43% below the high.`);
  });

  test('the words say only the figures given; the high and the low fall back on the series', () => {
    const h = history();
    for (const k of ['change_7d_percent', 'change_30d_percent', 'last_day_change_percent', 'drawdown_percent', 'high_30d_usd', 'high_at', 'low_30d_usd', 'low_at']) delete h[k];
    const s = seriesOf(h.points);
    assert.equal(chartText(h, s), 'Price over 30 days: $0.41 \u2192 $0.52 (+26.8%); high $0.91 on 18 Nov, low $0.31 on 3 Nov.');
    assert.equal(chartText({ ...h, high_30d_usd: 0.95, low_30d_usd: null, drawdown_percent: 0, change_30d_percent: NaN }, s),
      'Price over 30 days: $0.41 \u2192 $0.52 (+26.8%); high $0.95, low $0.31 on 3 Nov; at the high.', "the source's high without its date, not the series' date");
    assert.equal(chartText({ drawdown_percent: 0.5 }, [{ time: T0, close: 0 }, { time: T0 + DAY, close: 2 }]),
      'Price over 2 days: $0 \u2192 $2.00; high $2.00 on 28 Oct, low $0 on 27 Oct; 0.5% below the high.', 'no change from a zero');
  });

  test('hourly closes of a young pair: over 3 days (or hours), dates to the hour', () => {
    const points = [...Array(72)].map((_, i) => ({ time: T0 + i * 3600, close: i === 40 ? 0.5 : 1 + (i % 10) / 10 }));
    const h = { source: 'GeckoTerminal', as_of: AS_OF, interval: 'hour', points, high_30d_usd: 2, high_at: T0 + 8 * 3600 };
    const c = card(withHistory(h));
    assert.equal(xy(c.tags('polyline')[0]).length, 72);
    assert.equal(c.tags('svg')[0].getAttribute('aria-label'), 'Price chart over 3 days: low $0.5, high $1.90');
    assert.equal(c.find('tc-chart-text')[0].textContent, 'Price over 3 days: $1.00 \u2192 $1.10 (+10.0%); high $2.00 on 27 Oct 08:00 UTC, low $0.5 on 28 Oct 16:00 UTC.',
      "the source's high with its hour, the series' low with its hour");
    assert.match(chartText({ interval: 'hour' }, seriesOf(points.slice(0, 36))), /^Price over 36 hours: /);
  });

  test('0 or 1 point: no line, words only; e-notation prices are written as the card writes prices', () => {
    for (const points of [[], undefined, 'x', [{ time: T0, close: NaN }, { time: 'x', close: 1 }, { time: T0, close: -1 }, null]]) {
      const c = card(withHistory(history({ points })));
      assert.equal(c.tags('svg').length, 0, JSON.stringify(points));
      assert.match(c.find('tc-chart-text')[0].textContent, /^No price history to draw; high \$0\.91 on 18 Nov, low \$0\.31 on 3 Nov; /);
    }
    const one = card(withHistory({ source: 'GeckoTerminal', as_of: AS_OF, interval: 'day', points: [{ time: T0, close: 0.41 }, { time: T0 + DAY, close: -2 }] }));
    assert.equal(one.tags('svg').length, 0);
    assert.equal(one.find('tc-chart-text')[0].textContent, 'Price on 27 Oct: $0.41.');
    const tiny = [1.2e-8, 3.4e-8, 2.05e-8, 1e-12, 1.7e-8];
    const c = card(withHistory({ source: 'GeckoTerminal', as_of: AS_OF, interval: 'day', points: tiny.map((close, i) => ({ time: T0 + i * DAY, close })) }));
    const pts = xy(c.tags('polyline')[0]);
    assert.equal(pts.length, 5);
    assert.ok(pts.flat().every(Number.isFinite), String(pts));
    assert.deepEqual(c.tags('text').map((t) => t.textContent), ['High $0.000000034', 'Low $0.000000000001']);
    assert.equal(c.find('tc-chart-text')[0].textContent, 'Price over 5 days: $0.000000012 \u2192 $0.000000017 (+41.7%); high $0.000000034 on 28 Oct, low $0.000000000001 on 30 Oct.');
    assert.doesNotMatch(c.textContent, /e-/, 'no exponent');
  });

  test('odd series: a flat one across the middle, NaN and negative closes skipped, unsorted sorted, a huge one bounded', () => {
    const flat = card(withHistory({ points: [0, 1, 2].map((i) => ({ time: T0 + i * DAY, close: 0.5 })) }));
    assert.deepEqual(xy(flat.tags('polyline')[0]).map(([, y]) => y), [H / 2, H / 2, H / 2]);
    assert.equal(flat.tags('svg')[0].getAttribute('aria-label'), 'Price chart over 3 days: low $0.5, high $0.5');
    assert.equal(flat.find('tc-chart-text')[0].textContent, 'Price over 3 days: $0.5 \u2192 $0.5 (0.0%); high $0.5 on 27 Oct, low $0.5 on 27 Oct.');
    const odd = [{ time: T0 + 3 * DAY, close: 4 }, { time: T0, close: 1 }, { time: T0 + DAY, close: NaN }, { time: T0 + 2 * DAY, close: -5 },
      { time: T0 + 4 * DAY, close: Infinity }, { time: NaN, close: 2 }, { time: T0 + 5 * DAY, close: '3' }, 7, null, { time: T0 + 6 * DAY, close: 2 }];
    assert.deepEqual(seriesOf(odd), [{ time: T0, close: 1 }, { time: T0 + 3 * DAY, close: 4 }, { time: T0 + 6 * DAY, close: 2 }]);
    const c = card(withHistory({ points: odd }));
    assert.equal(xy(c.tags('polyline')[0]).length, 3);
    assert.match(c.find('tc-chart-text')[0].textContent, /^Price over 7 days: \$1\.00 → \$2\.00 \(\+100\.0%\); high \$4\.00 on 30 Oct, low \$1\.00 on 27 Oct\.$/);
    const same = card(withHistory({ points: [{ time: T0, close: 1 }, { time: T0, close: 2 }, { time: T0, close: 1e308 }, { time: T0, close: 0 }] }));
    assert.ok(xy(same.tags('polyline')[0]).flat().every(Number.isFinite), 'one time, extreme closes: still numbers');
    const huge = [...Array(100_000)].map((_, i) => ({ time: T0 + i * 60, close: i }));
    assert.equal(xy(card(withHistory({ points: huge })).tags('polyline')[0]).length, 500);
    for (const h of [undefined, null, 'x', [history()]]) assert.equal(card(withHistory(h)).find('tc-chart').length, 0, String(h));
  });

  test('the chart names its source, linked only to an https page, and its age, told again as time passes', () => {
    const c = card(withHistory(history()));
    const src = c.find('tc-chart-source')[0];
    assert.equal(src.textContent, 'Source: GeckoTerminal as of 3 min ago');
    const a = src.tags('a');
    assert.equal(a.length, 1);
    assert.equal(a[0].getAttribute('href'), GECKO);
    assert.equal(a[0].getAttribute('rel'), 'noopener noreferrer nofollow');
    assert.equal(a[0].getAttribute('title'), 'GeckoTerminal, as of 3 min ago (2026-03-01 12:00 UTC)');
    refreshAges(/** @type {ParentNode} */ (/** @type {unknown} */ (c)), Date.parse(AS_OF) + 5 * 3600_000);
    assert.equal(src.textContent, 'Source: GeckoTerminal as of 5 h ago');
    assert.match(c.find('tc-source').map((s) => s.textContent).join('|'), /GeckoTerminal as of 5 h ago/, 'in the Sources too, with its time');
    for (const url of ['http://www.geckoterminal.com/x', 'javascript:alert(1)', '//www.geckoterminal.com/x', '/eth/pools/0xabc', 42, undefined]) {
      const s = card(withHistory(history({ url }))).find('tc-chart-source')[0];
      assert.equal(s.tags('a').length, 0, String(url));
      assert.equal(s.textContent, 'Source: GeckoTerminal as of 3 min ago', 'named, as text');
    }
    const evil = card(withHistory(history({ source: '<script>x</script>\u202E', as_of: 'yesterday' }))).find('tc-chart-source')[0];
    assert.equal(evil.textContent, 'Source: <script>x</script> time unknown');
    assert.deepEqual([...new Set(card(withHistory(history())).find('tc-chart')[0].all().map((e) => e.tagName))].sort(),
      ['A', 'CIRCLE', 'H4', 'P', 'POLYLINE', 'SPAN', 'SVG', 'TEXT']);
  });

  test("the deployer's record: one line in the security section, whether the source flags it and for what", () => {
    const wallet = {
      address: '0x1234567890abcdef1234567890abcdef123456ab', roles: ['creator', 'owner'], flagged: true,
      flags: ['stealing_attack', 'phishing_activities'], malicious_contracts_created: 3, data_source: 'SlowMist,BlockSec',
    };
    /** @param {Record<string, any>[]} wallets */
    const lines = (wallets) => {
      const f = honeypot();
      Object.assign(f.security, { deployer: { source: 'GoPlus', as_of: AS_OF, wallets } });
      const c = card(f);
      const box = c.find('tc-security')[0];
      return { c, box, lines: box.find('tc-deployer') };
    };
    const { c, box, lines: [line] } = lines([wallet]);
    assert.equal(line.textContent, 'Deployer and owner 0x1234…56ab: flagged by GoPlus (stealing attack, phishing activities; 3 malicious contracts created; data: SlowMist, BlockSec)');
    assert.equal(line.getAttribute('data-flagged'), 'true');
    assert.equal(line.find('tc-wallet')[0].getAttribute('title'), wallet.address);
    assert.equal(c.find('tc-address').length, 1, "the token's address alone is the card's address");
    assert.equal(line.tags('a').length, 0, 'text only');
    assert.ok(box.childNodes.indexOf(line) < box.childNodes.indexOf(box.find('tc-findings')[0]), 'before the findings');
    assert.equal(c.find('tc-deployer').length, 1);
    const texts = lines([
      { address: '0xabcdef0000000000000000000000000000000001', roles: ['creator'], flagged: false },
      { address: '0xabcdef0000000000000000000000000000000002', roles: ['owner'] },
      { roles: 'creator', flagged: true, flags: ['<b>x</b>', 7], malicious_contracts_created: 1, data_source: 42 },
      { address: '0xabcdef0000000000000000000000000000000004', flagged: false },
    ]).lines.map((p) => p.textContent);
    assert.deepEqual(texts, [
      "Deployer 0xabcd…0001: no flags in GoPlus's record",
      'Owner 0xabcd…0002: unknown whether GoPlus flags it',
      'Wallet: flagged by GoPlus (<b>x</b>; 1 malicious contract created)',
    ], 'at most three wallets');
    assert.equal(lines([]).lines.length, 0);
    assert.equal(card(honeypot()).find('tc-deployer').length, 0, 'no record, no line');
  });
});

/** The demo's misquote: the answer states ten times the price; its liquidity agrees. */
const misquote = () => [
  { fact: 'price_usd', stated: '$4.215', value: 0.4215, source: 'DexScreener', as_of: AS_OF, verdict: 'contradicts' },
  { fact: 'liquidity_usd', stated: '$1850000', value: 1850000.25, source: 'DexScreener', as_of: AS_OF, verdict: 'agrees' },
];
/** checks builds the fact check on the fake DOM. @param {unknown} list @param {number} [now] */
const checks = (list, now = NOW) => /** @type {FakeElement | null} */ (/** @type {unknown} */ (factChecks(list, now, doc)));

describe('fact check', () => {
  test('a contradiction says what the answer said, what the source says and how old the data is', () => {
    const [price] = misquote();
    assert.equal(contradictionText(price, NOW), 'The answer says the price is $4.215; DexScreener says $0.4215 (data read 3 min ago).');
    assert.equal(contradictionText(price, Date.parse(AS_OF) + 10_000), 'The answer says the price is $4.215; DexScreener says $0.4215 (data read just now).');
    assert.equal(contradictionText({ ...price, as_of: '' }, NOW), 'The answer says the price is $4.215; DexScreener says $0.4215 (time of reading unknown).');
    const box = checks(misquote());
    assert.ok(box);
    assert.equal(box.tagName, 'DIV');
    assert.equal(box.className, 'fact-checks');
    assert.equal(box.getAttribute('role'), 'note');
    assert.equal(box.getAttribute('aria-label'), 'Fact check of the answer');
    const notices = box.find('fc-contradiction');
    assert.equal(notices.length, 1, 'the agreeing liquidity gets no notice');
    assert.equal(notices[0].textContent, 'Contradicts the data: The answer says the price is $4.215; DexScreener says $0.4215 (data read 3 min ago).');
    assert.equal(notices[0].getAttribute('data-fact'), 'price_usd');
    assert.equal(notices[0].find('fc-flag')[0].textContent, 'Contradicts the data:', 'said in words, not only in colour');
    assert.equal(notices[0].find('fc-stated')[0].textContent, '$4.215');
    assert.equal(notices[0].find('fc-value')[0].textContent, '$0.4215');
    assert.equal(notices[0].find('fc-age')[0].getAttribute('title'), '2026-03-01 12:00 UTC');
    assert.equal(box.find('fc-summary')[0].textContent, '2 figures of the answer checked against the data: 1 contradicts it.');
    refreshCheckAges(/** @type {ParentNode} */ (/** @type {unknown} */ (box)), Date.parse(AS_OF) + 5 * 3600_000);
    assert.equal(box.find('fc-age')[0].textContent, 'data read 5 h ago', 'the age is told again as time passes');
  });

  test('every fact has a readable name and is written as the card writes it', () => {
    const cases = /** @type {[string, number, string, string][]} */ ([
      ['price_usd', 7.31e-6, 'the price', '$0.00000731'],
      ['price_usd', 64000.5, 'the price', '$64,000.50'],
      ['liquidity_usd', 15230.55, 'the liquidity', '$15.2K'],
      ['market_cap_usd', 31870000, 'the market cap', '$31.9M'],
      ['fdv_usd', 731000, 'the FDV', '$731K'],
      ['volume_24h_usd', 2200.4, 'the 24 h volume', '$2.2K'],
      ['buy_tax', 10, 'the buy tax', '10%'],
      ['sell_tax', 99.5, 'the sell tax', '99.5%'],
      ['top10_percent', 14.8, "the top-10 holders' share", '14.8%'],
      ['lp_locked_percent', 92.13, 'the share of LP tokens locked', '92.13%'],
      ['pair_age_hours', 6464.8, "the pair's age", '269 d'],
      ['pair_age_hours', 6, "the pair's age", '6 h'],
      ['holders_usd', 5e6, 'the holders', '$5M'],
      ['toString', 3, 'the toString', '3'],
    ]);
    for (const [fact, value, subject, figure] of cases) assert.deepEqual(describeFact(fact, value), { subject, figure }, fact);
    const tax = { fact: 'sell_tax', stated: '5%', value: 99, source: 'GoPlus', as_of: AS_OF, verdict: 'contradicts' };
    assert.equal(contradictionText(tax, NOW), 'The answer says the sell tax is 5%; GoPlus says 99% (data read 3 min ago).');
  });

  test('agreeing figures are only counted; nothing checked shows nothing; malformed checks are left out', () => {
    const agree = misquote().map((c) => ({ ...c, verdict: 'agrees' }));
    const box = checks(agree);
    assert.ok(box);
    assert.equal(box.find('fc-contradiction').length, 0);
    assert.equal(box.textContent, '2 figures of the answer checked against the data: all agree.');
    assert.equal(summaryText(agree.slice(0, 1)), '1 figure of the answer checked against the data: it agrees.');
    for (const none of [undefined, null, [], 'x', {}, [null, 7, 'x', { fact: 'price_usd', value: '1', verdict: 'contradicts' }, { fact: 'price_usd', value: 1, verdict: 'maybe' }]]) {
      assert.equal(checks(none), null, JSON.stringify(none));
    }
    assert.deepEqual(contradictions([...misquote(), { fact: 'price_usd', value: NaN, verdict: 'contradicts' }]).map((c) => c.fact), ['price_usd']);
  });

  test('hostile strings stay text, cleaned of reordering and hidden characters, clipped', () => {
    const evil = {
      fact: '<img src=x onerror=alert(1)>', stated: '\u202E<script>x</script>\u200B' + '9'.repeat(100), value: 1,
      source: '<b>Dex\u2066Screener</b>', as_of: '<i>now</i>', verdict: 'contradicts',
    };
    const box = checks([evil]);
    assert.ok(box);
    assert.deepEqual([...new Set(box.all().map((e) => e.tagName))].sort(), ['P', 'SPAN', 'STRONG']);
    const text = box.find('fc-contradiction')[0].textContent;
    assert.doesNotMatch(text, /[\u202A-\u202E\u2066-\u2069\u200B]/);
    assert.ok(text.startsWith('Contradicts the data: The answer says the <img src=x onerror=alert(1)> is <script>x</script>999'), text);
    assert.equal(Array.from(box.find('fc-stated')[0].textContent).length, 40, 'the stated figure is clipped');
    assert.ok(text.endsWith('; <b>DexScreener</b> says 1 (time of reading unknown).'), text);
  });
});

describe('how a token was found', () => {
  test('by search: what was searched for and how many other tokens use it, singular and plural right', () => {
    const search = (text, alternatives) => foundBy({ by: 'search', text, alternatives });
    assert.equal(search('$CAKE', 3), 'Found by searching for $CAKE; 3 other tokens use this ticker.');
    assert.equal(search('$CAKE', 1), 'Found by searching for $CAKE; 1 other token uses this ticker.');
    assert.equal(search('$CAKE', 0), 'Found by searching for $CAKE; no other token uses it.');
    assert.equal(search('PEPE', 12345), 'Found by searching for PEPE; 12,345 other tokens use this ticker.');
    assert.equal(search('Golden Panda', 2), 'Found by searching for Golden Panda; 2 other tokens use this name.');
    for (const odd of [undefined, -1, 1.5, NaN, '3', null]) assert.equal(search('$CAKE', odd), 'Found by searching for $CAKE.', String(odd));
    assert.equal(search('', 2), 'Found by a search; 2 other tokens use this name.');
  });
  test('by link or address: said; by prefix, or anything unknown: nothing', () => {
    assert.equal(foundBy({ by: 'link', text: 'https://dexscreener.com/bsc/0x1' }), 'Found from the link in your question.');
    assert.equal(foundBy({ by: 'address', text: '0x1' }), 'Found from the address in your question.');
    for (const none of [{ by: 'prefix', text: '0x1' }, { by: 'guess' }, {}, null, undefined, 'search', [{ by: 'search' }]]) assert.equal(foundBy(none), '', JSON.stringify(none));
  });
  test('on the card: a line after its chain and address, text only, hostile text cleaned', () => {
    const c = card({ ...honeypot(), identified: { by: 'search', text: '<img src=x onerror=alert(1)>\u202E$CAKE', alternatives: 3 } });
    const found = c.find('tc-found');
    assert.equal(found.length, 1);
    assert.equal(found[0].textContent, 'Found by searching for <img src=x onerror=alert(1)>$CAKE; 3 other tokens use this name.');
    assert.equal(found[0].tags('*').length, 0);
    assert.equal(c.all()[c.all().indexOf(c.find('tc-meta')[0]) + 3], found[0], 'right after the chain and the address');
    assert.equal(card({ ...honeypot(), identified: { by: 'prefix', text: '0x7e2a' } }).find('tc-found').length, 0);
    assert.equal(card(honeypot()).find('tc-found').length, 0, 'an older server says nothing');
  });
});

describe('token choices', () => {
  const A = '0x6982508145454ce325ddbe47a25d4ec3d2311933';
  const B = '0x' + 'b'.repeat(40);
  const SOL = 'CeVxLxHsfSLaJ7t7onpDv9qqQkRcoVP9CCW51PUxfKiD';
  const candidate = (over = {}) => ({
    address: A, chain: 'ethereum', name: 'Pepe 2.0', symbol: 'PEPE2', liquidity_usd: 1234567,
    pair_created_at: new Date(NOW - 269 * 86400_000 - 3600_000).toISOString(), url: 'https://dexscreener.com/ethereum/0xpool', ...over,
  });
  /** @param {unknown} list */
  const choices = (list) => /** @type {FakeElement | null} */ (/** @type {unknown} */ (tokenChoices(list, NOW, doc)));

  test('a group per name, named by its question; a button per token with its figures; its pool page beside it', () => {
    const box = choices([{ query: '$PEPE2', candidates: [candidate(), candidate({ address: B, chain: 'bsc', name: 'PEPE2 BSC', liquidity_usd: 5200, url: 'https://dexscreener.com/bsc/0xp2' })] }]);
    assert.ok(box);
    assert.equal(box.className, 'token-choices');
    const group = box.find('tk-group')[0];
    assert.equal(group.getAttribute('role'), 'group');
    const h = group.tags('h3')[0];
    assert.equal(group.getAttribute('aria-labelledby'), h.getAttribute('id'));
    assert.equal(h.textContent, 'Several tokens use $PEPE2 — which one do you mean?');
    const buttons = box.tags('button');
    assert.equal(buttons.length, 2);
    assert.equal(buttons[0].getAttribute('type'), 'button');
    assert.equal(buttons[0].getAttribute('data-address'), A);
    assert.equal(buttons[0].find('tk-names')[0].textContent, 'PEPE2 Pepe 2.0');
    assert.equal(buttons[0].find('tk-details')[0].textContent, 'Ethereum · liquidity $1.2M · pool age 269 d · 0x6982…1933');
    assert.equal(buttons[1].find('tk-details')[0].textContent, `BNB Chain · liquidity $5.2K · pool age 269 d · 0xbbbb…bbbb`);
    const links = box.tags('a');
    assert.deepEqual(links.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]),
      [['https://dexscreener.com/ethereum/0xpool', '_blank', 'noopener noreferrer'], ['https://dexscreener.com/bsc/0xp2', '_blank', 'noopener noreferrer']]);
    assert.equal(links[0].textContent, 'Pool page of PEPE2 on Ethereum');
    assert.ok(!buttons[0].all().some((e) => e.tagName === 'A'), 'no link inside a button');
  });

  test('one token: asked whether it is the one; none, or nothing usable: no choices at all', () => {
    assert.equal(choices([{ query: 'Pepe', candidates: [candidate()] }])?.tags('h3')[0].textContent, 'One token uses Pepe — is it the one you mean?');
    for (const none of [undefined, null, 'x', {}, [], [{ query: '$X', candidates: [] }], [{ query: '$X' }], [null, 7, 'x'],
      [{ query: '$X', candidates: [null, 'x', { symbol: 'NOADDR' }, candidate({ address: 'javascript:alert(1)' }), candidate({ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })] }]]) {
      assert.equal(choices(none), null, JSON.stringify(none));
    }
  });

  test('hostile names, symbols, queries and URLs stay text; links only to https pages', () => {
    const evil = candidate({
      name: '<img src=x onerror="window.__pwned=1">\u202Egnp.exe', symbol: '<script>1</script>\u200B', chain: '<b>x</b>',
      url: 'javascript:window.__pwned=2',
    });
    const box = choices([{ query: '<svg onload=alert(1)>\u2066$PEPE', candidates: [evil, candidate({ address: SOL, chain: 'solana', url: 'http://dexscreener.com/x' }),
      candidate({ address: B, url: 'https://evil.example/" onclick="x' })] }]);
    assert.ok(box);
    assert.deepEqual([...new Set(box.all().map((e) => e.tagName))].sort(), ['A', 'BDI', 'BUTTON', 'DIV', 'H3', 'LI', 'SPAN', 'UL']);
    assert.equal(box.find('tk-name')[0].textContent, '<img src=x onerror="window.__pwned=1">gnp.exe');
    assert.equal(box.find('tk-symbol')[0].textContent, '<script>1</script>');
    assert.equal(box.tags('bdi')[0].textContent, '<svg onload=alert(1)>$PEPE');
    assert.doesNotMatch(box.textContent, /[\u202A-\u202E\u2066-\u2069\u200B]/);
    assert.ok(box.find('tk-details')[0].textContent.startsWith('<b>x</b> · '));
    assert.equal(box.tags('button')[1].getAttribute('data-address'), SOL, 'a Solana token is offered');
    assert.deepEqual(box.tags('a').map((a) => a.getAttribute('href')), ['https://evil.example/%22%20onclick=%22x'], 'javascript: and http: pages are not linked');
  });

  test('figures: huge, negative, missing or odd ones are unknown or bounded, never an exponent', () => {
    const details = (over) => choiceFacts(candidate(over), NOW).details;
    assert.equal(details({ liquidity_usd: 1e300 }), 'Ethereum · liquidity over $1,000T · pool age 269 d · 0x6982…1933');
    assert.equal(details({ liquidity_usd: 0 }), 'Ethereum · liquidity $0 · pool age 269 d · 0x6982…1933', 'a drained pool stays $0');
    for (const odd of [undefined, null, -5, NaN, '1000', Infinity]) assert.match(details({ liquidity_usd: odd }), /liquidity unknown/, String(odd));
    for (const odd of [undefined, '', 'yesterday', 1700000000, new Date(NOW + 86400_000).toISOString()]) assert.match(details({ pair_created_at: odd }), /pool age unknown/, String(odd));
    assert.match(details({ pair_created_at: new Date(NOW - 5 * 3600_000).toISOString() }), /pool age 5 h/);
    const bare = choiceFacts({ address: A }, NOW);
    assert.deepEqual([bare.symbol, bare.name, bare.url, bare.details], ['', '', '', 'chain unknown · liquidity unknown · pool age unknown · 0x6982…1933']);
    const box = choices([{ candidates: [{ address: A }] }]);
    assert.equal(box?.find('tk-names')[0].textContent, 'No symbol Unknown name');
    assert.equal(box?.tags('h3')[0].textContent, 'One token uses that name — is it the one you mean?');
    assert.equal(box?.tags('a').length, 0);
  });

  test('many: at most MAX_CHOICES tokens a name, MAX_QUERIES names', () => {
    const many = Array.from({ length: 20 }, (_, i) => candidate({ address: '0x' + i.toString(16).padStart(40, '0') }));
    const box = choices(Array.from({ length: 5 }, (_, i) => ({ query: `$T${i}`, candidates: many })));
    assert.equal(box?.find('tk-group').length, MAX_QUERIES);
    assert.equal(box?.find('tk-group')[0].tags('button').length, MAX_CHOICES);
    assert.equal(new Set(box?.tags('h3').map((h) => h.getAttribute('id'))).size, MAX_QUERIES, 'each group named by its own heading');
    assert.deepEqual(heading('$X', 2), ['Several tokens use ', '$X', ' — which one do you mean?']);
  });

  test('a choice waiting says for how long; its question is the one a choice asks', () => {
    assert.equal(waitLabel({ left: 12, later: '' }, false), 'Asking when the wait ends (12 s)…');
    assert.equal(waitLabel({ left: 12, later: '' }, true), 'Asking when the wait ends (12 s)…');
    assert.equal(waitLabel({ left: 3600, later: 'after 09:00 (in about 1 hour)' }, false), 'Asking when the wait ends, after 09:00 (in about 1 hour)…');
    assert.equal(waitLabel({ left: 0, later: '' }, true), 'Asking when the answer coming now ends…');
    assert.equal(CHOICE_QUESTION, 'Is this the token I meant? Give me your analysis.');
  });
});
