// The stage's config.json, served next to the page. Anything missing or
// malformed falls back to the defaults: same origin, 50 s cooldown, no demo, the
// server's default request limits (limits.js).
import { BODY_SPARE, MAX_BODY_BYTES, MAX_CONTENT, MAX_MESSAGES } from './limits.js';

/**
 * @typedef {{maxMessages: number, maxContent: number, maxBodyBytes: number}} Limits
 * What a request may hold: messages, characters per message, and the body's bytes the page
 * keeps to (the server's limit less BODY_SPARE).
 * @typedef {{apiUrl: string, cooldownSeconds: number, demo: boolean, limits: Limits}} Config
 */

/** DEFAULTS is the configuration used without a usable config.json. */
export const DEFAULTS = Object.freeze({
  apiUrl: '',
  cooldownSeconds: 50,
  demo: false,
  limits: Object.freeze({ maxMessages: MAX_MESSAGES, maxContent: MAX_CONTENT, maxBodyBytes: MAX_BODY_BYTES }),
});

/** @param {unknown} v a positive whole number, or not */
const positive = (v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/**
 * normalizeConfig keeps the known fields that have usable values.
 * @param {unknown} raw
 * @returns {Config}
 */
export function normalizeConfig(raw) {
  const c = /** @type {Record<string, unknown>} */ (raw && typeof raw === 'object' ? raw : {});
  let apiUrl = DEFAULTS.apiUrl;
  if (typeof c.apiUrl === 'string' && /^https?:\/\/[^\s]+$/i.test(c.apiUrl.trim())) {
    apiUrl = c.apiUrl.trim().replace(/\/+$/, '');
  }
  const secs = c.cooldownSeconds;
  const cooldownSeconds =
    typeof secs === 'number' && Number.isFinite(secs) && secs >= 0 ? secs : DEFAULTS.cooldownSeconds;
  const d = DEFAULTS.limits;
  const limits = {
    maxMessages: positive(c.maxMessages) ? /** @type {number} */ (c.maxMessages) : d.maxMessages,
    maxContent: positive(c.maxContentChars) ? /** @type {number} */ (c.maxContentChars) : d.maxContent,
    maxBodyBytes: positive(c.maxBodyBytes)
      ? Math.max(1024, /** @type {number} */ (c.maxBodyBytes) - BODY_SPARE)
      : d.maxBodyBytes,
  };
  return { apiUrl, cooldownSeconds, demo: c.demo === true, limits };
}

/**
 * loadConfig fetches config.json relative to the page.
 * @param {typeof fetch} fetchImpl
 * @returns {Promise<Config>}
 */
export async function loadConfig(fetchImpl = fetch) {
  try {
    const res = await fetchImpl('config.json', { cache: 'no-store' });
    if (!res.ok) return { ...DEFAULTS };
    return normalizeConfig(await res.json());
  } catch {
    return { ...DEFAULTS };
  }
}
