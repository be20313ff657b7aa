// The request body the server accepts: at most 50 messages, each at most
// 16000 characters, no control characters other than tab, newline and CR.

/** MAX_MESSAGES is the server's limit on messages per request. */
export const MAX_MESSAGES = 50;
/** MAX_CONTENT is the server's limit on characters per message. */
export const MAX_CONTENT = 16000;

// Cc characters except \t \n \r: what the server refuses.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * stripControl removes the control characters the server refuses; they are
 * invisible, so dropping them never changes what the user meant.
 * @param {string} s
 */
export function stripControl(s) {
  return s.replace(CONTROL, '');
}

/**
 * BLANK matches text a reader cannot see, as the server defines it: white space, default
 * ignorable code points (zero-width characters, fillers such as U+3164), the braille blank,
 * the null notehead, unassigned code points, and marks with no letter.
 */
const BLANK = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{Cn}\u2800\u115F\u1160\u3164\uFFA0\u{1D159}]*$/u;

/**
 * isBlank reports whether s shows nothing: the server refuses such a question.
 * @param {string} s
 */
export function isBlank(s) {
  return BLANK.test(s);
}

/**
 * @typedef {{question: string, answer: string, complete: boolean}} Exchange
 * question is the content sent; answer the assistant text received; complete
 * is true only when the answer ended with d:.
 */

/** MAX_BODY_BYTES keeps a request under the server's 256 KiB body limit, with room to spare. */
export const MAX_BODY_BYTES = 250 * 1024;

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
 * @returns {{role: 'user'|'assistant', content: string}[]}
 */
export function buildMessages(exchanges, content) {
  const pairs = exchanges
    .filter((x) => x.complete && x.answer.trim() !== '')
    .map((x) => [
      { role: 'user', content: x.question },
      { role: 'assistant', content: cutChars(stripControl(x.answer), MAX_CONTENT) },
    ]);
  const keep = Math.floor((MAX_MESSAGES - 1) / 2);
  let kept = pairs.slice(-keep);
  const bodyBytes = (msgs) => new TextEncoder().encode(JSON.stringify({ messages: msgs })).length;
  const last = { role: 'user', content };
  while (kept.length > 0 && bodyBytes([...kept.flat(), last]) > MAX_BODY_BYTES) {
    kept = kept.slice(1);
  }
  return [...kept.flat(), last];
}
