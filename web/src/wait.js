// What the page says about the wait before the next question: a countdown of seconds for a
// short wait (the spec's cooldown, a short Retry-After), and, for a wait longer than the
// cooldown (a server's daily allowance used up, up to a day), when to come back, in the
// reader's local time.

/** COUNTDOWN_MIN: a wait of up to this many seconds is always counted down (whatever the cooldown). */
const COUNTDOWN_MIN = 60;
/** GRACE_MS: a lock that ends this soon after a whole minute names that minute (the server's
 * whole seconds and the trip of the answer end it a little after the time it means). */
const GRACE_MS = 10_000;

/**
 * @typedef {{locale?: string, timeZone?: string}} Clock how to show a time; the reader's own
 *   locale and time zone when left out
 * @typedef {{left: number, later: string, sentence: string, blocked: string}} Lock
 *   left: whole seconds before the next question may go (0: now). later: "" while the page
 *   counts down, else "after 09:00 (in about 7 hours)". sentence: what a notice ends with.
 *   blocked: what a refused submit says.
 */

/**
 * waitText says when the next question may go as the countdown does: the same seconds.
 * @param {number} wait seconds
 */
export function waitText(wait) {
  return wait > 0 ? `Please wait ${wait} ${wait === 1 ? 'second' : 'seconds'} and try again.` : 'You can try again now.';
}

/** WAIT_SENTENCE finds the sentence of a Lock at the end of a notice. */
export const WAIT_SENTENCE = /(Please wait \d+ seconds? and try again\.|You can try again now\.|Come back after [^()]+ \(in about [^()]+\)\.)$/;

/**
 * countsDown says whether a wait of left seconds is shown as a countdown of seconds: when it
 * is not longer than the cooldown, nor than a minute.
 * @param {number} left seconds
 * @param {number} cooldownSeconds
 */
export function countsDown(left, cooldownSeconds) {
  return left <= Math.max(cooldownSeconds, COUNTDOWN_MIN);
}

/**
 * aboutIn says roughly how long a wait of more than a minute is: "about 10 minutes", "about 1
 * hour 20 minutes" (to ten minutes, under three hours), "about 7 hours".
 * @param {number} seconds
 */
export function aboutIn(seconds) {
  const plural = (/** @type {number} */ n, /** @type {string} */ unit) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `about ${plural(minutes, 'minute')}`;
  if (minutes < 175) {
    const tens = Math.round(minutes / 10) * 10;
    const h = Math.floor(tens / 60);
    return `about ${plural(h, 'hour')}${tens % 60 ? ` ${plural(tens % 60, 'minute')}` : ''}`;
  }
  return `about ${plural(Math.round(minutes / 60), 'hour')}`;
}

/**
 * comeBackAt is the time to come back, for a lock that ends at end: its minute (the next one
 * when it ends within a minute, past a few seconds' grace) in the reader's time, with
 * "tomorrow" or the weekday when it is not today: "09:00", "00:00 tomorrow", "9:00 AM".
 * @param {number} end milliseconds since the epoch
 * @param {number} now milliseconds since the epoch
 * @param {Clock} [clock]
 */
export function comeBackAt(end, now, clock = {}) {
  const at = Math.ceil((end - GRACE_MS) / 60_000) * 60_000;
  const f = formatters(clock);
  const time = f.time.format(at);
  const date = (/** @type {number} */ t) => {
    const p = Object.fromEntries(f.day.formatToParts(t).map(({ type, value }) => [type, Number(value)]));
    return Date.UTC(p.year, p.month - 1, p.day);
  };
  const days = Math.round((date(at) - date(now)) / 86_400_000);
  if (days <= 0) return time;
  if (days === 1) return `${time} tomorrow`;
  return `${time} on ${f.weekday.format(at)}`;
}

/** @type {Map<string, {time: Intl.DateTimeFormat, day: Intl.DateTimeFormat, weekday: Intl.DateTimeFormat}>} */
const byClock = new Map();

/**
 * formatters are comeBackAt's date formats for a clock, made once: the page asks several
 * times a second while a long lock lasts, and making them costs far more than using them.
 * @param {Clock} clock
 */
function formatters(clock) {
  const key = JSON.stringify([clock.locale ?? null, clock.timeZone ?? null]);
  let f = byClock.get(key);
  if (!f) {
    const timeZone = clock.timeZone;
    f = {
      time: new Intl.DateTimeFormat(clock.locale, { timeStyle: 'short', timeZone }),
      day: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone }),
      weekday: new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }),
    };
    byClock.set(key, f);
  }
  return f;
}

/**
 * describeLock is what the page shows of a lock that ends at end: a countdown of seconds, or,
 * for a wait longer than the cooldown, when to come back.
 * @param {number} end milliseconds since the epoch when the next question may go
 * @param {number} now milliseconds since the epoch
 * @param {number} cooldownSeconds
 * @param {Clock} [clock]
 * @returns {Lock}
 */
export function describeLock(end, now, cooldownSeconds, clock) {
  const left = end > now ? Math.ceil((end - now) / 1000) : 0;
  if (countsDown(left, cooldownSeconds)) {
    const blocked = `Please wait ${left} ${left === 1 ? 'second' : 'seconds'} before sending another question.`;
    return { left, later: '', sentence: waitText(left), blocked };
  }
  const later = `after ${comeBackAt(end, now, clock)} (in ${aboutIn(left)})`;
  return { left, later, sentence: `Come back ${later}.`, blocked: `Please come back ${later} to send another question.` };
}
