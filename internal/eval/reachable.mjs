// Says whether anything answers at EVAL_URL before make eval starts promptfoo: without it, every
// case fails on a refused connection and the report blames the pass rate.
//
//	EVAL_URL=http://127.0.0.1:8080 node reachable.mjs
//
// It asks GET {EVAL_URL}/healthz and takes any HTTP answer, a 404 too (a service without that
// route), as a service listening. Only a connection that cannot be made (refused, unknown host,
// unreachable) or no answer within 10 s stops make eval; a connection that is accepted and then
// dropped is something listening, which the cases will judge.
import { baseURL } from './provider.mjs';

const noConnection = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);
const url = baseURL();
try {
  await fetch(`${url}/healthz`, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
} catch (err) {
  const timeout = err.name === 'TimeoutError';
  const code = err.cause?.code || err.cause?.message || err.message;
  if (!timeout && !noConnection.has(err.cause?.code)) {
    console.error(`eval: ${url} accepted the connection but gave no HTTP answer to GET /healthz (${code}); running the cases anyway`);
    process.exit(0);
  }
  console.error(`eval: nothing answers at ${url} (${timeout ? 'no answer within 10 s' : code}).
  Start the service first, in another terminal: \`make demo\` (no key) or \`make run\` (with your key),
  then run make eval again; or set EVAL_URL to a service that is running.`);
  process.exit(1);
}
