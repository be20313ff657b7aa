// The wire format of POST /api/chat: Server-Sent Events whose data is
// `0:"<json string>"` (text), `d:{...}` (end, metadata) or `e:"<json string>"`
// (end, error); failures before the stream are JSON {error, details}.
import { createParser } from 'eventsource-parser';
import { SPEC_ERRORS } from './limits.js';
import { waitText, WAIT_SENTENCE } from './wait.js';

/**
 * @typedef {{url: string, title?: string}} Source
 * @typedef {{finishReason?: string, usage?: object, sources?: Source[], searchSuggestions?: string,
 *   tokens?: unknown[], tokenCandidates?: unknown[], factChecks?: unknown[]}} Metadata
 * tokens: what the server read about each contract address in the question (Go's
 * tokenfacts.Facts, at most three, the most recent first); card.js shows them.
 * tokenCandidates: the names of the question that matched several tokens, none picked
 * ({query, candidates}); choices.js offers them as choices.
 * factChecks: the answer's figures held against those facts (Go's factcheck.Check);
 * factcheck.js shows those the data contradicts.
 * @typedef {{kind: 'done', meta: Metadata}
 *   | {kind: 'error', message: string}
 *   | {kind: 'interrupted'}} Outcome
 * How a stream ended: d:, e:, or neither (the connection closed or broke).
 */

/**
 * parseData turns one event's data into a typed line, or null for codes this
 * client does not know (ignored, so the server may add some later).
 * @param {string} data
 * @returns {{code: '0', text: string} | {code: 'd', meta: Metadata} | {code: 'e', message: string} | null}
 */
export function parseData(data) {
  const code = data.slice(0, 2);
  const payload = data.slice(2);
  switch (code) {
    case '0:': {
      const text = JSON.parse(payload);
      if (typeof text !== 'string') throw new Error('0: payload is not a string');
      return { code: '0', text };
    }
    case 'd:': {
      const meta = JSON.parse(payload);
      if (!meta || typeof meta !== 'object' || Array.isArray(meta)) throw new Error('d: payload is not an object');
      return { code: 'd', meta };
    }
    case 'e:': {
      // The spec leaves the payload open; the contract says a JSON string.
      let message = payload;
      try {
        const v = JSON.parse(payload);
        if (typeof v === 'string') message = v;
      } catch {
        // keep the raw text
      }
      return { code: 'e', message: message || 'The answer failed.' };
    }
    default:
      return null;
  }
}

/**
 * readStream reads an SSE body as it arrives, calling onText for every text
 * chunk, and resolves with how the stream ended. It rejects only when reading
 * fails (network error, abort); the caller tells those apart by its signal.
 * @param {ReadableStream<Uint8Array>} body
 * @param {(text: string) => void} onText
 * @returns {Promise<Outcome>}
 */
export async function readStream(body, onText) {
  /** @type {Outcome | null} */
  let end = null;
  const parser = createParser({
    onEvent(event) {
      if (end) return;
      let line;
      try {
        line = parseData(event.data);
      } catch {
        end = { kind: 'error', message: 'The answer could not be read (malformed stream).' };
        return;
      }
      if (!line) return;
      if (line.code === '0') onText(line.text);
      else if (line.code === 'd') end = { kind: 'done', meta: line.meta };
      else end = { kind: 'error', message: line.message };
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (end) break;
    }
  } finally {
    // After d:/e: nothing more is expected; don't hold the connection.
    if (end) reader.cancel().catch(() => {});
    reader.releaseLock?.();
  }
  return end ?? { kind: 'interrupted' };
}

/** FINISH_NOTES explain a finish reason other than stop. */
const FINISH_NOTES = /** @type {Record<string, string>} */ ({
  length: 'The answer was cut short: it reached the maximum length.',
  'content-filter': 'The answer was stopped by the content filter.',
  'tool-calls': 'The answer ended while the model was still using its tools.',
});

/**
 * finishNote explains a finish reason other than stop; "" for stop or one it does not know.
 * @param {unknown} reason
 */
export const finishNote = (reason) => (Object.hasOwn(FINISH_NOTES, String(reason)) ? FINISH_NOTES[String(reason)] : '');

/**
 * parseRetryAfter reads a Retry-After header (delay in seconds or HTTP date)
 * as whole seconds, or null.
 * @param {string|null} value
 * @param {number} now milliseconds since the epoch
 */
export function parseRetryAfter(value, now) {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * sentence is what a notice ends with for a wait.
 * @param {number | string} wait seconds (a countdown), or what a Lock says (wait.js)
 * @returns {string}
 */
const sentence = (wait) => (typeof wait === 'number' ? waitText(wait) : wait);

/**
 * withWait ends a notice with the wait's sentence, in place of a "try again" that the message itself
 * ends with (the server's texts say "Please try again."), so that it names one wait.
 * @param {string} message
 * @param {number | string} wait seconds, or the wait's sentence
 */
export function withWait(message, wait) {
  const m = message.replace(/\s*(Please try again(?: later| shortly)?\.?)$/i, '').replace(/[;,]\s*try again(?: later| shortly)?$/i, '');
  return `${m} ${sentence(wait)}`;
}

/**
 * why429 is what a 429's details say happened, without when to try again (the page names its
 * own wait): the first clause, "the service's daily allowance of answers is used up" of
 * "...; it resets at midnight Pacific time (08:00 UTC), in 7 hours 12 minutes".
 * @param {unknown} details
 */
function why429(details) {
  const what = (typeof details === 'string' ? details : '').split(';')[0].replace(/[,.]?\s*(?:please\s+)?try again\b.*$/i, '').replace(/[\s.]+$/, '');
  return what || 'too many requests right now';
}

/**
 * describeHttpError is the message shown for a response that is not a stream.
 * @param {number} status
 * @param {{error?: unknown, details?: unknown} | null} body the JSON error body, if any
 * @param {number | string} wait seconds until the page lets the next question go, or what
 *   the page says of that wait (a Lock's sentence)
 */
export function describeHttpError(status, body, wait) {
  // A "try again shortly" in the server's details would contradict the wait named after it.
  const details = typeof body?.details === 'string' && body.details ? body.details.replace(/[;,]\s*try again(?: later| shortly)?$/i, '') : '';
  const error = typeof body?.error === 'string' && body.error ? body.error : SPEC_ERRORS[status] ?? '';
  // The server's own error text and the status first, then what to do.
  const head = status ? `${error || 'Unexpected response'} (HTTP ${status})` : 'Unexpected response from the server';
  switch (status) {
    case 400:
      return `${head}: the request was rejected${details ? `: ${details}` : '.'}`;
    case 401:
      return `${head}: the service has no API key. Please tell the operator.`;
    case 429:
      return `${head}: ${why429(body?.details)}. ${sentence(wait)}`;
    case 500:
      return `${head}: the AI service failed to answer${details ? ` (${details})` : ''}. ${sentence(wait)}`;
    case 404:
    case 405:
      return `${head}: the chat endpoint is not available at this address.`;
    default:
      return `${head}.`;
  }
}
