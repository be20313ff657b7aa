// The token card's price chart: facts.history (daily closes over 30 days, or hourly ones over a
// few days for a young pair) as a plain inline SVG polyline with its high and low marked, and a
// sentence saying the same in words (the range, the change, the high and the low, how far below
// the high) for screen readers and anyone who would rather read. No chart library: a line and
// two dots. Points that cannot be drawn (a time or close that is not a finite number, a negative
// close) are skipped; with fewer than two left there is no line, only the words.
import { cleanText, formatChange, formatPercent, formatPrice, isNum, safeHttps } from './format.js';
import { age, el, isObj, link } from './nodes.js';

const SVG = 'http://www.w3.org/2000/svg';
/** W and H are the drawing's size (its viewBox): it scales to the card's width at this aspect. */
export const W = 360;
export const H = 100;
/** PAD_X and PAD_Y keep the dots, and the labels above the high and below the low, inside. */
const PAD_X = 4;
const PAD_Y = 18;
/** MAX_POINTS bounds what a malformed history costs: the server sends at most 72. */
const MAX_POINTS = 500;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** @typedef {{time: number, close: number}} Point a close in USD at a unix time in seconds */

/**
 * seriesOf keeps the points that can be drawn, oldest first.
 * @param {unknown} points
 * @returns {Point[]}
 */
export function seriesOf(points) {
  if (!Array.isArray(points)) return [];
  return points.slice(-2 * MAX_POINTS).filter((p) => isObj(p) && isNum(p.time) && isNum(p.close) && p.close >= 0)
    .map((p) => ({ time: p.time, close: p.close })).sort((a, b) => a.time - b.time).slice(-MAX_POINTS);
}

/** @param {number} v */
const round = (v) => Math.round(v * 10) / 10;

/**
 * plot places a series of two points or more in the W×H box: time from left to right, the lowest
 * close at the bottom and the highest at the top (a flat series across the middle). hi and lo
 * are the indexes of the first highest and the first lowest close.
 * @param {Point[]} s
 */
export function plot(s) {
  let hi = 0;
  let lo = 0;
  s.forEach((p, i) => {
    if (p.close > s[hi].close) hi = i;
    if (p.close < s[lo].close) lo = i;
  });
  const [min, max, t0] = [s[lo].close, s[hi].close, s[0].time];
  const span = s[s.length - 1].time - t0;
  const xy = s.map((p, i) => {
    let fx = (p.time - t0) / span;
    if (!Number.isFinite(fx) || span <= 0) fx = i / (s.length - 1);
    let fy = (p.close - min) / (max - min);
    if (!Number.isFinite(fy)) fy = 0.5;
    return [round(PAD_X + fx * (W - 2 * PAD_X)), round(H - PAD_Y - fy * (H - 2 * PAD_Y))];
  });
  return { xy, hi, lo };
}

/** @param {number} n @param {string} unit */
const plural = (n, unit) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * when writes a unix time in UTC: "18 Nov" for daily data, "25 Nov 14:00 UTC" for hourly.
 * @param {number} sec
 * @param {boolean} hourly
 */
export function when(sec, hourly) {
  const d = new Date(sec * 1000);
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return hourly ? `${day} ${d.toISOString().slice(11, 16)} UTC` : day;
}

/**
 * period says how long a series spans: "30 days", or for hourly data "3 days", "36 hours".
 * @param {Point[]} s
 * @param {boolean} hourly
 */
function period(s, hourly) {
  const span = s[s.length - 1].time - s[0].time;
  if (!Number.isFinite(span)) return '';
  const hours = Math.round(span / 3600) + 1;
  if (hourly) return hours >= 48 ? plural(Math.round(hours / 24), 'day') : plural(hours, 'hour');
  return plural(Math.round(span / 86400) + 1, 'day');
}

/**
 * chartText is the chart in words: "Price over 30 days: $0.41 → $0.52 (+26.8%); high $0.91 on
 * 18 Nov, low $0.31 on 3 Nov; 7-day change −12.5%; 43% below the high." The high and the low
 * are the source's when it gives them, else the series'. Only the figures given are said.
 * @param {Record<string, any>} h facts.history
 * @param {Point[]} s seriesOf(h.points)
 */
export function chartText(h, s, hourly = h.interval === 'hour') {
  const parts = [];
  const [first, last] = [s[0], s[s.length - 1]];
  if (s.length >= 2) {
    const change = first.close > 0 ? ` (${formatChange(((last.close - first.close) / first.close) * 100)})` : '';
    const over = period(s, hourly);
    parts.push(`Price${over ? ` over ${over}` : ''}: ${formatPrice(first.close)} \u2192 ${formatPrice(last.close)}${change}`);
  } else if (s.length === 1) {
    parts.push(`Price on ${when(first.time, hourly)}: ${formatPrice(first.close)}`);
  } else {
    parts.push('No price history to draw');
  }
  const { hi, lo } = s.length >= 2 ? plot(s) : { hi: -1, lo: -1 };
  const extremes = /** @type {[string, unknown, unknown, number][]} */ ([['high', h.high_30d_usd, h.high_at, hi], ['low', h.low_30d_usd, h.low_at, lo]])
    .map(([word, value, at, i]) => {
      const [v, t] = isNum(value) ? [value, isNum(at) ? at : NaN] : i >= 0 ? [s[i].close, s[i].time] : [NaN, NaN];
      if (!isNum(v)) return '';
      const date = isNum(t) ? when(t, hourly) : '';
      return `${word} ${formatPrice(v)}${date ? ` on ${date}` : ''}`;
    }).filter(Boolean);
  if (extremes.length) parts.push(extremes.join(', '));
  for (const [label, v] of [['7-day change', h.change_7d_percent], ['30-day change', h.change_30d_percent], ["last day's change", h.last_day_change_percent]]) {
    if (isNum(v)) parts.push(`${label} ${formatChange(v)}`);
  }
  const dd = h.drawdown_percent;
  if (isNum(dd) && dd >= 0) parts.push(dd === 0 ? 'at the high' : `${dd >= 1 ? `${Math.round(dd)}%` : formatPercent(dd)} below the high`);
  return `${parts.join('; ')}.`;
}

/**
 * svg creates an SVG element with its attributes.
 * @param {Document} doc
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 */
function svg(doc, tag, attrs) {
  const e = doc.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/**
 * drawing is the line of a series of two points or more, its high and low each a dot with a
 * label; as an image its name says the period and the range.
 * @param {Document} doc
 * @param {Point[]} s
 * @param {boolean} hourly
 */
function drawing(doc, s, hourly) {
  const { xy, hi, lo } = plot(s);
  const over = period(s, hourly);
  const root = svg(doc, 'svg', {
    class: 'tc-chart-svg', viewBox: `0 0 ${W} ${H}`, role: 'img', focusable: 'false',
    'aria-label': `Price chart${over ? ` over ${over}` : ''}: low ${formatPrice(s[lo].close)}, high ${formatPrice(s[hi].close)}`,
  });
  root.append(svg(doc, 'polyline', { class: 'tc-chart-line', points: xy.map(([x, y]) => `${x},${y}`).join(' ') }));
  for (const [i, kind] of /** @type {[number, string][]} */ ([[hi, 'high'], [lo, 'low']])) {
    const [x, y] = xy[i];
    root.append(svg(doc, 'circle', { class: `tc-chart-dot tc-chart-${kind}`, cx: x, cy: y, r: 3.5 }));
    const label = svg(doc, 'text', {
      class: `tc-chart-label tc-chart-${kind}`, x, y: kind === 'high' ? y - 5 : y + 5,
      'text-anchor': x < W / 4 ? 'start' : x > (3 * W) / 4 ? 'end' : 'middle', 'dominant-baseline': kind === 'high' ? 'auto' : 'hanging',
    });
    label.append(doc.createTextNode(`${kind === 'high' ? 'High' : 'Low'} ${formatPrice(s[i].close)}`));
    root.append(label);
  }
  return root;
}

/**
 * priceChart is the card's price block: the chart (two points or more), the sentence, and the
 * source linked (https only) with its age. An older server sends no history: nothing shows.
 * @param {Document} doc
 * @param {Record<string, any>} f the token's facts
 * @param {number} now
 */
export function priceChart(doc, f, now) {
  const h = f.history;
  if (!isObj(h)) return null;
  const s = seriesOf(h.points);
  const hourly = h.interval === 'hour';
  const box = el(doc, 'div', 'tc-chart', el(doc, 'h4', 'tc-chart-title', 'Price history'));
  if (s.length >= 2) box.append(drawing(doc, s, hourly));
  const name = cleanText(h.source, 40) || 'unknown source';
  const asOf = typeof h.as_of === 'string' ? h.as_of : '';
  box.append(el(doc, 'p', 'tc-chart-text', chartText(h, s, hourly)),
    el(doc, 'p', 'tc-chart-source', 'Source: ', link(doc, name, { name, url: safeHttps(h.url), asOf }, now), ' ', age(doc, asOf, now)));
  return box;
}
