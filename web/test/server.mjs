// Test helper: builds the Go server from the repository root and starts it in
// demo mode (scripted fake upstream, no key, no internet) on a free port.
import { spawn, execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const webDir = new URL('..', import.meta.url).pathname;
const repoRoot = join(webDir, '..');

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The demo's 429 says Retry-After: 7, and the server keeps its word: its model's quota bucket
 * is skipped, every request refused, until then. A test that asks the server again waits it
 * out.
 */
export const waitOutDemoRateLimit = () => new Promise((resolve) => setTimeout(resolve, 7500));

/**
 * startDemoServer builds ./functions/chat with -tags demo and runs it with -demo, serving
 * web/dist. It resolves once GET /healthz answers 200. env adds to or overrides the
 * server's environment.
 * @param {{env?: Record<string, string>}} [opts]
 * @returns {Promise<{url: string, stop: () => Promise<void>, log: () => string}>}
 */
export async function startDemoServer(opts = {}) {
  const tmp = await mkdtemp(join(tmpdir(), 'chat-e2e-'));
  const bin = join(tmp, 'chat');
  const go = process.env.GO || 'go';
  await promisify(execFile)(go, ['build', '-tags', 'demo', '-o', bin, './functions/chat'], { cwd: repoRoot, maxBuffer: 1 << 24 });

  const port = await freePort();
  let output = '';
  const child = spawn(bin, ['-demo'], {
    cwd: repoRoot,
    // CHECK_CONTENT_SHA256: like the deployed function behind CloudFront's origin access
    // control, refuse a POST whose x-amz-content-sha256 is not the body's SHA-256.
    env: { ...process.env, PORT: String(port), WEB_DIR: join(webDir, 'dist'), MAX_DURATION_SECONDS: '50', CHECK_CONTENT_SHA256: 'true', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`demo server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`demo server did not answer GET /healthz with 200 within 20 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    url,
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(tmp, { recursive: true, force: true });
    },
  };
}
