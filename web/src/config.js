// The stage's config.json, served next to the page. Anything missing or
// malformed falls back to the defaults: same origin, 50 s cooldown, no demo.

/** @typedef {{apiUrl: string, cooldownSeconds: number, demo: boolean}} Config */

/** DEFAULTS is the configuration used without a usable config.json. */
export const DEFAULTS = Object.freeze({ apiUrl: '', cooldownSeconds: 50, demo: false });

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
  return { apiUrl, cooldownSeconds, demo: c.demo === true };
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
