// The spec's client-side cooldown: after a submit, further submits wait
// cooldownSeconds. A server that answers with Retry-After can ask for a longer
// wait (up to a day, when its daily allowance is used up); the lock is then the
// longer of the two. A question the server refused with 429 before any answer
// was not answered: it starts no cooldown, and the lock is the server's
// Retry-After alone (markRefused). localStorage is the source of truth so the
// wait survives reloads and is shared by tabs.
import { describeLock } from './wait.js';

/** STORAGE_KEY is the localStorage key the spec names. */
export const STORAGE_KEY = 'lastSubmitTime';
/** RETRY_KEY holds when a server's Retry-After ends (milliseconds since the epoch). */
export const RETRY_KEY = 'retryAfterUntil';
/** MAX_RETRY_AFTER caps a Retry-After wait, in seconds: 25 hours, as a daily allowance resets
 * at the next midnight Pacific time, 25 hours away on the day the clocks go back (WAF: 600 s). */
export const MAX_RETRY_AFTER = 25 * 3600;

/** @param {Storage|null} storage @param {string} key */
function read(storage, key) {
  try {
    return parseStoredTime(storage?.getItem(key) ?? null);
  } catch {
    return null;
  }
}

/**
 * lockEnd is when the next submit is allowed (milliseconds since the epoch; now or earlier
 * when it is): the later of the end of the cooldown since the last submit and of a server's
 * Retry-After. A stored time in the future (clock moved back) never blocks longer than one
 * cooldown, or than MAX_RETRY_AFTER.
 * @param {Storage|null} storage
 * @param {number} cooldownSeconds
 * @param {number} now milliseconds since the epoch
 */
export function lockEnd(storage, cooldownSeconds, now) {
  let end = now;
  const last = read(storage, STORAGE_KEY);
  if (last !== null) end = Math.min(last + cooldownSeconds * 1000, now + cooldownSeconds * 1000);
  const until = read(storage, RETRY_KEY);
  if (until !== null) end = Math.max(end, Math.min(until, now + MAX_RETRY_AFTER * 1000));
  return end;
}

/**
 * remainingSeconds is how many whole seconds are left before the next submit
 * is allowed (see lockEnd); 0 when allowed.
 * @param {Storage|null} storage
 * @param {number} cooldownSeconds
 * @param {number} now milliseconds since the epoch
 */
export function remainingSeconds(storage, cooldownSeconds, now) {
  const left = lockEnd(storage, cooldownSeconds, now) - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * currentLock is the lock now and what the page says of it (a countdown, or when to come back).
 * @param {Storage|null} storage
 * @param {number} cooldownSeconds
 * @param {number} now milliseconds since the epoch
 * @param {import('./wait.js').Clock} [clock] the reader's locale and time zone when left out
 */
export function currentLock(storage, cooldownSeconds, now, clock) {
  return describeLock(lockEnd(storage, cooldownSeconds, now), now, cooldownSeconds, clock);
}

/**
 * markRetryAfter records a server's Retry-After of seconds, received at now.
 * @param {Storage|null} storage
 * @param {number} seconds
 * @param {number} now milliseconds since the epoch
 */
export function markRetryAfter(storage, seconds, now) {
  if (!(seconds > 0)) return;
  try {
    storage?.setItem(RETRY_KEY, String(now + Math.min(seconds, MAX_RETRY_AFTER) * 1000));
  } catch {
    // Storage disabled: nothing to keep the wait in.
  }
}

/**
 * parseStoredTime reads a stored submit time: milliseconds since the epoch (what
 * this page writes), and, forgivingly, seconds since the epoch or an ISO date,
 * as another client or a person in the console might write it.
 * @param {string|null} raw
 * @returns {number|null} milliseconds since the epoch
 */
export function parseStoredTime(raw) {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  if (Number.isFinite(n)) return n < 1e11 ? n * 1000 : n; // 1e11 s is the year 5138
  const t = Date.parse(raw);
  return Number.isFinite(t) ? t : null;
}

/**
 * @typedef {{at: number, before: string|null}} Submit a submit recorded by markSubmitted: when,
 *   and the lastSubmitTime it replaced (null: none)
 */

/**
 * markSubmitted records a submit at now (milliseconds since the epoch), which starts the cooldown.
 * @param {Storage|null} storage
 * @param {number} now
 * @returns {Submit}
 */
export function markSubmitted(storage, now) {
  let before = null;
  try {
    before = storage?.getItem(STORAGE_KEY) ?? null;
    storage?.setItem(STORAGE_KEY, String(now));
  } catch {
    // Storage disabled: the cooldown then lasts as long as the page.
  }
  return { at: now, before };
}

/**
 * markRefused records that the server refused the submit with 429 and a Retry-After of
 * seconds, received at now, before any answer: the question was not answered, so its
 * cooldown is withdrawn (lastSubmitTime is what it was before, unless another submit, from
 * another tab, came since) and the lock is the Retry-After alone, as the server says.
 * @param {Storage|null} storage
 * @param {Submit} submit what markSubmitted returned for it
 * @param {number} seconds
 * @param {number} now milliseconds since the epoch
 */
export function markRefused(storage, submit, seconds, now) {
  try {
    markRetryAfter(storage, seconds, now); // first: a tab reading in between never finds no lock
    if (storage?.getItem(STORAGE_KEY) !== String(submit.at)) return;
    if (submit.before === null) storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, submit.before);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
