// The spec's client-side cooldown: after a submit, further submits wait
// cooldownSeconds. localStorage is the source of truth so the wait survives
// reloads and is shared by tabs.

/** STORAGE_KEY is the localStorage key the spec names. */
export const STORAGE_KEY = 'lastSubmitTime';

/**
 * remainingSeconds is how many whole seconds are left before the next submit
 * is allowed; 0 when allowed. A stored time in the future (clock moved back)
 * never blocks longer than one cooldown.
 * @param {Storage|null} storage
 * @param {number} cooldownSeconds
 * @param {number} now milliseconds since the epoch
 */
export function remainingSeconds(storage, cooldownSeconds, now) {
  let raw = null;
  try {
    raw = storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return 0;
  }
  const last = parseStoredTime(raw);
  if (last === null) return 0;
  const left = Math.min(last + cooldownSeconds * 1000 - now, cooldownSeconds * 1000);
  return left > 0 ? Math.ceil(left / 1000) : 0;
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
