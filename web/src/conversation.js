// The request body the server accepts (limits.js; config.json may say other limits): by
// default at most 50 messages, each at most 16000 characters, no control characters other
// than tab, newline and CR.
import { DEFAULTS } from './config.js';
import { stripControl } from './limits.js';

/**
 * @typedef {{question: string, answer: string, complete: boolean}} Exchange
 * question is the content sent; answer the assistant text received; complete
 * is true only when the answer ended with d:.
 */

/**
 * cutChars cuts s to at most n characters counted as code points, so that a
 * surrogate pair (an emoji) is never split into an invalid half.
 * @param {string} s
 * @param {number} n
 */
export function cutChars(s, n) {
  const chars = Array.from(s);
  return chars.length <= n ? s : chars.slice(0, n).join('');
}

/**
 * buildMessages returns the request messages for a new question after the
 * given exchanges. Only exchanges whose answer completed are replayed, so
 * roles alternate and the last message is the new user one. Older exchanges
 * are dropped first when the message limit or the body size limit would be
 * passed; long answers are cut to the content limit.
 * @param {Exchange[]} exchanges
 * @param {string} content
 * @param {import('./config.js').Limits} limits the server's, from config.json
 * @returns {{role: 'user'|'assistant', content: string}[]}
 */
export function buildMessages(exchanges, content, limits = DEFAULTS.limits) {
  const pairs = exchanges
    .filter((x) => x.complete && x.answer.trim() !== '')
    .map((x) => [
      { role: 'user', content: x.question },
      { role: 'assistant', content: cutChars(stripControl(x.answer), limits.maxContent) },
    ]);
  const keep = Math.floor((limits.maxMessages - 1) / 2);
  let kept = pairs.slice(-keep);
  const bodyBytes = (msgs) => new TextEncoder().encode(JSON.stringify({ messages: msgs })).length;
  const last = { role: 'user', content };
  while (kept.length > 0 && bodyBytes([...kept.flat(), last]) > limits.maxBodyBytes) {
    kept = kept.slice(1);
  }
  return [...kept.flat(), last];
}
