// Which Chromium the browser test drives, in this order:
//   1. CHROMIUM_PATH, when set: an executable file, or a command name found on PATH (a wrong
//      one is an error, not a reason to look elsewhere);
//   2. Debian's /usr/bin/chromium (what `make browser` installs);
//   3. the Chrome that playwright-core itself would launch (~/.cache/ms-playwright, or
//      PLAYWRIGHT_BROWSERS_PATH), when it is there. playwright-core never downloads one.
// e2e.test.mjs imports findChromium; `make browser` runs this file, which prints the path and
// exits 0, or says why on stderr and exits 1 (none found) or 2 (CHROMIUM_PATH is wrong).
// `node test/chromium.mjs [debian-path]` replaces /usr/bin/chromium (the Makefile's
// DEBIAN_CHROMIUM, which its tests point elsewhere).
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** @param {string} p */
function isExecutableFile(p) {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * findChromium returns the browser to drive, or null with the places it looked.
 * @param {{env?: NodeJS.ProcessEnv, debian?: string}} [opts]
 * @returns {Promise<{path: string, from: string} | {path: null, error: string, fatal: boolean}>}
 */
export async function findChromium({ env = process.env, debian = DEBIAN_CHROMIUM } = {}) {
  if (env.CHROMIUM_PATH) {
    if (isExecutableFile(env.CHROMIUM_PATH)) return { path: env.CHROMIUM_PATH, from: 'CHROMIUM_PATH' };
    // A bare name (chromium, google-chrome) is looked up on PATH, as a shell would.
    if (!env.CHROMIUM_PATH.includes('/')) {
      for (const dir of (env.PATH ?? '').split(delimiter)) {
        const p = join(dir || '.', env.CHROMIUM_PATH);
        if (dir && isExecutableFile(p)) return { path: p, from: 'CHROMIUM_PATH on PATH' };
      }
    }
    return { path: null, fatal: true, error: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file` };
  }
  if (isExecutableFile(debian)) return { path: debian, from: 'Debian chromium' };
  let playwright = '';
  try {
    const { chromium } = await import('playwright-core');
    playwright = chromium.executablePath();
  } catch {
    // playwright-core not installed (npm ci not run yet), or no Chrome for this platform
  }
  if (playwright && isExecutableFile(playwright)) return { path: playwright, from: 'playwright-core' };
  const where = [`CHROMIUM_PATH is not set`, `no ${debian}`, playwright ? `no ${playwright} (playwright-core's Chrome)` : `playwright-core knows no Chrome here`];
  return { path: null, fatal: false, error: `no Chromium found: ${where.join(', ')}` };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const found = await findChromium({ debian: process.argv[2] || DEBIAN_CHROMIUM });
  if (found.path) {
    console.log(found.path);
  } else {
    console.error(found.error);
    process.exitCode = found.fatal ? 2 : 1;
  }
}
