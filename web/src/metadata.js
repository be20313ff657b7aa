// What a d: line brings to an answer, shown under its text: a note when the answer was cut
// short, the fact check of its figures (a notice per figure the data contradicts), the token
// cards (the facts the server read about the contract addresses), the tokens a name matched
// to choose from (choices.js), the sources and the provider's search suggestions. The same for
// an answer that just ended and for one restored after a reload.
import { refreshAges, tokenCards } from './card.js';
import { tokenChoices } from './choices.js';
import { factChecks, refreshCheckAges } from './factcheck.js';
import { cleanText } from './format.js';
import { finishNote } from './protocol.js';
import { suggestionsDoc } from './suggestions.js';

/**
 * showMetadata shows what d: brought on the answer.
 * @param {HTMLElement} answer
 * @param {import('./protocol.js').Metadata} meta
 * @param {number} [now] milliseconds since the epoch: the cards tell their data's age from it
 */
export function showMetadata(answer, meta, now = Date.now()) {
  const note = finishNote(meta.finishReason);
  if (note) {
    const p = document.createElement('p');
    p.className = 'notice info';
    p.textContent = note;
    answer.append(p);
  }
  // Right after the answer's text, before its notices and sources: what of it contradicts the
  // data, then the cards with the data, then the tokens to choose from.
  const text = answer.querySelector('.markdown') ?? answer.lastElementChild;
  const choices = tokenChoices(meta.tokenCandidates, now);
  if (choices) text?.after(choices);
  const cards = tokenCards(meta.tokens, now);
  if (cards) text?.after(cards);
  const checks = factChecks(meta.factChecks, now);
  if (checks) text?.after(checks);
  const links = (Array.isArray(meta.sources) ? meta.sources : []).flatMap((s) => {
    try {
      const url = new URL(String(s?.url));
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return [];
      const title = cleanText(s.title, 300) || url.hostname;
      return [{ href: url.href, title }];
    } catch {
      return [];
    }
  });
  if (links.length) {
    const section = document.createElement('section');
    section.className = 'sources';
    const h = document.createElement('h3');
    h.textContent = 'Sources';
    const ol = document.createElement('ol');
    for (const { href, title } of links) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = href;
      a.textContent = title;
      a.target = '_blank';
      a.rel = 'noopener noreferrer nofollow';
      li.append(a);
      ol.append(li);
    }
    section.append(h, ol);
    answer.append(section);
  }
  if (typeof meta.searchSuggestions === 'string' && meta.searchSuggestions.trim()) {
    // The provider's HTML (with its own <style>) must be shown as given, so it
    // lives in a sandboxed frame: no scripts, no access to this page, links
    // open in a new tab.
    const section = document.createElement('section');
    section.className = 'suggestions';
    const h = document.createElement('h3');
    h.textContent = 'Search suggestions';
    // allow-same-origin without allow-scripts: nothing in the frame can run (the page's CSP,
    // which a srcdoc frame inherits, forbids inline scripts too), but this page may measure
    // the content to fit the frame to it. The frame's own CSP lets it load nothing remote
    // (suggestions.js). The frame's colour scheme follows the page's, so in dark mode it is
    // transparent over the dark panel instead of a white box.
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox allow-same-origin');
    frame.setAttribute('referrerpolicy', 'no-referrer');
    frame.title = 'Search suggestions for this answer';
    frame.srcdoc = suggestionsDoc(meta.searchSuggestions);
    frame.addEventListener('load', () => fitFrame(frame));
    section.append(h, frame);
    answer.append(section);
  }
}

/** fitFrame sets a suggestions frame's height to its content's. @param {HTMLIFrameElement} frame */
function fitFrame(frame) {
  try {
    const body = frame.contentDocument?.body;
    if (body) frame.style.height = `${Math.ceil(body.getBoundingClientRect().height)}px`;
  } catch {
    // not readable: the stylesheet's height stays
  }
}
window.addEventListener('resize', () => document.querySelectorAll('.suggestions iframe').forEach((f) => fitFrame(/** @type {HTMLIFrameElement} */ (f))));
// "as of 3 min ago" stays true while the page stays open.
window.setInterval(() => {
  refreshAges(document, Date.now());
  refreshCheckAges(document, Date.now());
}, 30_000);
