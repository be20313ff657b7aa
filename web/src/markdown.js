// Model output is untrusted: Markdown is rendered with marked, raw HTML in it
// is escaped, and the resulting HTML still goes through DOMPurify before it
// reaches the DOM. Characters that reorder text (bidi overrides, isolates and
// marks) are dropped, also those written as entities (&#x202E;).
import { Marked } from 'marked';
import DOMPurify from 'dompurify';
import { stripBidi } from './format.js';

const marked = new Marked({
  gfm: true,
  renderer: {
    // Raw HTML in the model's Markdown is shown as text, never parsed as
    // markup: nothing the model writes becomes an element or a handler (and
    // the page's CSP has nothing to object to). <br>, common in tables, stays.
    html({ text }) {
      return /^<br\s*\/?>$/i.test(text.trim()) ? '<br>' : escapeHtml(text);
    },
    // Images are not loaded: a model (or a page it read) could use them to
    // track the reader or leak the conversation in a URL. Show a link instead.
    image({ href, text }) {
      const label = escapeHtml(text || 'image');
      return /^https?:/i.test(href ?? '')
        ? `<a href="${escapeHtml(href)}">[image: ${label}]</a>`
        : `[image: ${label}]`;
    },
  },
});

const purify = DOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

const SANITIZE = {
  FORBID_TAGS: ['style', 'img', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'video', 'audio', 'source', 'picture'],
  FORBID_ATTR: ['style', 'id', 'class'],
};

/**
 * renderMarkdown returns sanitized HTML for Markdown text.
 * @param {string} text
 * @returns {string}
 */
export function renderMarkdown(text) {
  const html = /** @type {string} */ (marked.parse(stripBidi(text), { async: false }));
  // DOMPurify parses and serialises again: an entity is a character by now, text or attribute.
  return stripBidi(purify.sanitize(html, SANITIZE));
}

/** @param {string} s */
function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
