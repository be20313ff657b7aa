// One request to POST {apiUrl}/api/chat and its outcome: send builds the body from the
// conversation, signs it, fetches it (abortable), reads the stream (protocol.js) and maps
// every way it can end to one Outcome; describeOutcome says what the page shows and announces
// for it. No DOM and no storage here: the page (main.js) records a Retry-After and shows the
// words (view.js).
import { buildMessages } from './conversation.js';
import { describeHttpError, finishNote, parseRetryAfter, readStream, withWait } from './protocol.js';
import { contentSha256, CONTENT_SHA256 } from './sign.js';

/**
 * @typedef {import('./protocol.js').Metadata} Metadata
 * @typedef {{kind: 'done', meta: Metadata}
 *   | {kind: 'error', message: string}
 *   | {kind: 'interrupted', cause: 'closed' | 'broken'}
 *   | {kind: 'stopped'}
 *   | {kind: 'http-error', status: number, body: {error?: unknown, details?: unknown} | null, retryAfter: number | null}
 *   | {kind: 'network'}} Outcome
 * How a request ended. done: d: came. error: e: came (or the stream was malformed).
 * interrupted: the stream ended without either (closed), or broke after some text (broken).
 * stopped: the caller aborted. http-error: the answer was not a stream (status 0 for a 2xx
 * that is not one; body the JSON error body, if any; retryAfter the Retry-After in seconds,
 * or null). network: the request failed before any text came.
 */

/** @param {unknown} err */
const isAbort = (err) => err instanceof DOMException && err.name === 'AbortError';

/**
 * send asks for the answer to content after the conversation so far and streams its text to
 * onText. It never rejects: every failure is an Outcome.
 * @param {{apiUrl: string, exchanges: import('./conversation.js').Exchange[], content: string,
 *   onText: (text: string) => void, onAnswer?: () => void, signal?: AbortSignal, fetch?: typeof fetch,
 *   subtle?: SubtleCrypto | null, now?: () => number, limits?: import('./config.js').Limits}} req
 *   exchanges: the conversation so far (those whose answer did not complete, as the one this
 *   request is for, are left out); onAnswer: called once the server answers with a stream
 *   (the answer begins; a refusal never calls it); limits: the server's, from config.json
 * @returns {Promise<Outcome>}
 */
export async function send({ apiUrl, exchanges, content, onText, onAnswer, signal, fetch: fetchImpl = globalThis.fetch, subtle, now = Date.now, limits }) {
  let received = false;
  try {
    // The hash is of these exact bytes: the body is serialised once and sent as it is.
    const body = JSON.stringify({ messages: buildMessages(exchanges, content, limits) });
    /** @type {Record<string, string>} */
    const headers = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
    const hash = await contentSha256(body, subtle);
    if (hash) headers[CONTENT_SHA256] = hash;
    const res = await fetchImpl(`${apiUrl}/api/chat`, { method: 'POST', headers, body, signal });
    const type = res.headers.get('Content-Type') ?? '';
    if (!res.ok || !type.startsWith('text/event-stream') || !res.body) {
      let json = null;
      try {
        json = await res.json();
      } catch {
        // not JSON: described by status alone
      }
      const retryAfter = parseRetryAfter(res.headers.get('Retry-After'), now());
      return { kind: 'http-error', status: res.ok ? 0 : res.status, body: json, retryAfter };
    }
    onAnswer?.();
    const end = await readStream(res.body, (text) => {
      if (text) received = true;
      onText(text);
    });
    return end.kind === 'interrupted' ? { kind: 'interrupted', cause: 'closed' } : end;
  } catch (err) {
    if (signal?.aborted || isAbort(err)) return { kind: 'stopped' };
    return received ? { kind: 'interrupted', cause: 'broken' } : { kind: 'network' };
  }
}

/**
 * refusedFor is the wait, in seconds, of a question the server refused before any answer
 * because of a rate limit: a 429 with its Retry-After. Such a question was not answered, so it
 * starts no cooldown; the wait is the server's alone (cooldown.js markRefused). null for any
 * other outcome, and for a 429 without Retry-After (or one the page may not read: CORS), whose
 * wait the page does not know: the cooldown stands.
 * @param {Outcome} outcome
 * @returns {number | null}
 */
export function refusedFor(outcome) {
  return outcome.kind === 'http-error' && outcome.status === 429 ? outcome.retryAfter : null;
}

const INTERRUPTED = {
  closed: 'The answer was interrupted: the connection closed before it finished.',
  broken: 'The answer was interrupted: the connection broke before it finished.',
};
/** LEFT_NOTICE is the notice of an answer still coming when the page was left. */
export const LEFT_NOTICE = 'The answer was interrupted: the page was left before it finished.';

/**
 * describeOutcome is how an answer ended in the page's words: its state, the notice shown on
 * it ("" for none) and what the status region says. A notice that names a wait names wait.
 * @param {Outcome} outcome
 * @param {string} wait what the page says of the wait before the next question (a Lock's sentence)
 * @returns {{state: import('./history.js').Saved['state'], notice: string, said: string}}
 */
export function describeOutcome(outcome, wait) {
  switch (outcome.kind) {
    case 'done': {
      const note = finishNote(outcome.meta.finishReason);
      return { state: 'done', notice: '', said: note ? `Answer cut off. ${note}` : 'Answer finished.' };
    }
    case 'error': {
      const said = withWait(outcome.message, wait);
      return { state: 'error', notice: `Error: ${said}`, said: `Answer cut off by an error: ${said}` };
    }
    case 'interrupted': {
      const notice = withWait(INTERRUPTED[outcome.cause], wait);
      return { state: 'interrupted', notice, said: `Answer cut off. ${notice}` };
    }
    case 'stopped':
      return { state: 'stopped', notice: 'Stopped.', said: 'Answer stopped.' };
    case 'http-error': {
      const notice = describeHttpError(outcome.status, outcome.body, wait);
      return { state: 'error', notice, said: notice };
    }
    default: {
      const notice = `Could not reach the chat service. Check your connection. ${wait}`;
      return { state: 'error', notice, said: notice };
    }
  }
}
