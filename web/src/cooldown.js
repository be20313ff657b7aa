// The spec's client-side cooldown: after a submit, further submits wait
// cooldownSeconds. A server that answers 429 with Retry-After can ask for a
// longer wait; the lock is then the longer of the two. localStorage is the
// source of truth so the wait survives reloads and is shared by tabs.

/** STORAGE_KEY is the localStorage key the spec names. */
export const STORAGE_KEY = 'lastSubmitTime';
/** RETRY_KEY holds when a server's Retry-After ends (milliseconds since the epoch). */
export const RETRY_KEY = 'retryAfterUntil';
/** MAX_RETRY_AFTER caps a Retry-After wait, in seconds (WAF's window is 600 s). */
export const MAX_RETRY_AFTER = 3600;

/** @param {Storage|null} storage @param {string} key */
function read(storage, key) {
  try {
    return parseStoredTime(storage?.getItem(key) ?? null);
  } catch {
    return null;
  }
}

/**
 * remainingSeconds is how many whole seconds are left before the next submit
 * is allowed; 0 when allowed: the longer of the cooldown since the last submit
 * and a server's Retry-After. A stored time in the future (clock moved back)
 * never blocks longer than one cooldown, or than MAX_RETRY_AFTER.
 * @param {Storage|null} storage
 * @param {number} cooldownSeconds
 * @param {number} now milliseconds since the epoch
 */
export function remainingSeconds(storage, cooldownSeconds, now) {
  let left = 0;
  const last = read(storage, STORAGE_KEY);
  if (last !== null) left = Math.min(last + cooldownSeconds * 1000 - now, cooldownSeconds * 1000);
  const until = read(storage, RETRY_KEY);
  if (until !== null) left = Math.max(left, Math.min(until - now, MAX_RETRY_AFTER * 1000));
  return left > 0 ? Math.ceil(left / 1000) : 0;
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
 * markSubmitted records a submit at now (milliseconds since the epoch).
 * @param {Storage|null} storage
 * @param {number} now
 */
export function markSubmitted(storage, now) {
  try {
    storage?.setItem(STORAGE_KEY, String(now));
  } catch {
    // Storage disabled: the cooldown then lasts as long as the page.
  }
}
