// The conversation of this tab, kept in sessionStorage so that a reload shows it again (and a
// follow-up still sends it), while a new tab starts empty. Only what the page rendered is kept:
// the question as typed, the address, the content sent, the answer's text, how it ended, its
// notice and its metadata (sources, search suggestions, token facts).

/** HISTORY_KEY is the sessionStorage key. */
export const HISTORY_KEY = 'chatConversation';
/** MAX_SAVED is how many exchanges are kept (the request replays at most 24 anyway). */
export const MAX_SAVED = 50;

const STATES = ['done', 'error', 'stopped', 'interrupted'];

/**
 * @typedef {{question: string, address: string, content: string, answer: string,
 *   state: 'done'|'error'|'stopped'|'interrupted', notice: string,
 *   meta: import('./protocol.js').Metadata | null}} Saved
 */

/**
 * openStorage is the window's storage of that name, or null where the browser refuses it.
 * @param {'localStorage'|'sessionStorage'} name
 * @returns {Storage | null}
 */
export function openStorage(name) {
  try {
    return window[name];
  } catch {
    return null;
  }
}

/**
 * saveHistory stores the exchanges; when storage is full the oldest are dropped until they fit.
 * @param {Storage|null} storage
 * @param {Saved[]} items
 */
export function saveHistory(storage, items) {
  let keep = items.slice(-MAX_SAVED);
  for (;;) {
    try {
      storage?.setItem(HISTORY_KEY, JSON.stringify(keep));
      return;
    } catch {
      if (keep.length === 0) return;
      keep = keep.slice(1);
    }
  }
}

/**
 * loadHistory reads the stored exchanges, dropping anything malformed.
 * @param {Storage|null} storage
 * @returns {Saved[]}
 */
export function loadHistory(storage) {
  let raw;
  try {
    raw = JSON.parse(storage?.getItem(HISTORY_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const str = (/** @type {unknown} */ v) => (typeof v === 'string' ? v : '');
  return raw.flatMap((x) => {
    if (!x || typeof x !== 'object' || typeof x.content !== 'string' || !x.content || !STATES.includes(x.state)) return [];
    const meta = x.meta && typeof x.meta === 'object' && !Array.isArray(x.meta) ? x.meta : null;
    return [{ question: str(x.question) || x.content, address: str(x.address), content: x.content, answer: str(x.answer), state: x.state, notice: str(x.notice), meta }];
  }).slice(-MAX_SAVED);
}

/**
 * An exchange as the page holds it: as sent (question is the content, with any address prefix)
 * and as shown (the question as typed, the address, how it ended, its notice and metadata).
 * @typedef {import('./conversation.js').Exchange & {display: string, address: string,
 *   state: Saved['state'] | 'streaming', notice: string,
 *   meta: import('./protocol.js').Metadata | null}} ShownExchange
 */

/**
 * toSaved is what is kept of the exchanges: those that ended (one still streaming is left out).
 * @param {ShownExchange[]} exchanges
 * @returns {Saved[]}
 */
export function toSaved(exchanges) {
  return exchanges.flatMap((x) => x.state === 'streaming' ? [] : [{
    question: x.display, address: x.address, content: x.question, answer: x.answer,
    state: x.state, notice: x.notice, meta: x.meta,
  }]);
}

/**
 * fromSaved is a kept exchange as the page holds it again after a reload.
 * @param {Saved} saved
 * @returns {ShownExchange}
 */
export function fromSaved(saved) {
  return {
    question: saved.content, answer: saved.answer, complete: saved.state === 'done',
    display: saved.question, address: saved.address, state: saved.state, notice: saved.notice, meta: saved.meta,
  };
}
