// The token card's building blocks (card.js, chart.js): elements holding text nodes only, and
// links to a source's page whose title says how old its data is. Every string they are given
// may come from a third party: it becomes a text node, never HTML.
import { ageText, utcTime } from './format.js';

/** @param {unknown} v @returns {v is Record<string, any>} */
export const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * el creates an element with a class, holding text (as text nodes) and elements.
 * @param {Document} doc
 * @param {string} tag
 * @param {string} className
 * @param {...(Node | string)} children
 */
export function el(doc, tag, className, ...children) {
  const e = doc.createElement(tag);
  if (className) e.className = className;
  for (const c of children) e.append(typeof c === 'string' ? doc.createTextNode(c) : c);
  return e;
}

/**
 * stamp says how old the data behind an element is: a link's title names its source and age,
 * any other element's text is the age. refreshAges stamps them again as time passes.
 * @param {Element} e
 * @param {number} now
 */
export function stamp(e, now) {
  const asOf = e.getAttribute('data-as-of') ?? '';
  const age = ageText(asOf, now);
  const source = e.getAttribute('data-source');
  if (source === null) e.textContent = age;
  else e.setAttribute('title', `${source}, ${age}${utcTime(asOf) ? ` (${utcTime(asOf)})` : ''}`);
}

/**
 * link is a figure: a link to the source page when there is an https:// one, else plain text;
 * its title says where it comes from and how old it is.
 * @param {Document} doc
 * @param {string} text
 * @param {{name: string, url: string, asOf: string}} src
 * @param {number} now
 */
export function link(doc, text, src, now) {
  const e = el(doc, src.url ? 'a' : 'span', 'tc-value', text);
  if (src.url) {
    e.setAttribute('href', src.url);
    e.setAttribute('target', '_blank');
    e.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  e.setAttribute('data-source', src.name);
  e.setAttribute('data-as-of', src.asOf);
  stamp(e, now);
  return e;
}

/**
 * age is the visible age of a source's data ("as of 3 min ago"), told again by refreshAges.
 * @param {Document} doc
 * @param {string} asOf RFC 3339
 * @param {number} now
 */
export function age(doc, asOf, now) {
  const e = el(doc, 'span', 'tc-age');
  e.setAttribute('data-as-of', asOf);
  stamp(e, now);
  return e;
}
