// The chat service as a promptfoo provider: each case's question goes to POST
// {EVAL_URL}/api/chat as one user message, and the streamed answer comes back as the case's
// output, with the d: line's metadata (finishReason, sources, token facts) for the
// assertions. A refusal (a non-200 JSON error) or an e: line is the case's error.
import { createHash } from 'node:crypto';

export const baseURL = () => (process.env.EVAL_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');

// parseStream reads the data stream protocol: 0: text chunks, then one d: or e: line.
export function parseStream(body) {
  let text = '';
  let metadata = null;
  let error = null;
  for (const line of body.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const payload = line.slice(6);
    const code = payload.slice(0, 2);
    const value = payload.slice(2);
    if (code === '0:') text += JSON.parse(value);
    else if (code === 'd:') metadata = JSON.parse(value);
    else if (code === 'e:') error = JSON.parse(value);
  }
  return { text, metadata, error };
}

// The addresses the contract cases ask about: the demo's fixture tokens unless the operator
// names real ones (EVAL_TOKEN: a listed token with a price; EVAL_HONEYPOT: a known
// honeypot; EVAL_HOSTILE: a token whose metadata carries an injection).
const addresses = {
  '@TOKEN@': () => process.env.EVAL_TOKEN || '0x5a3e6a77ba2f983ec0d371ea3b475f8bc0811ad5',
  '@HONEYPOT@': () => process.env.EVAL_HONEYPOT || '0x7e2a1b8c9d0f4e3a6b5c8d7e0f1a2b3c4d5e6f70',
  '@HOSTILE@': () => process.env.EVAL_HOSTILE || '0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432',
};

export const question = (prompt) => prompt.replace(/@[A-Z]+@/g, (k) => (addresses[k] ? addresses[k]() : k));

export default class ChatService {
  constructor(options = {}) {
    this.config = options.config || {};
  }

  id() {
    return "chat-service";
  }

  async callApi(prompt) {
    const body = JSON.stringify({ messages: [{ role: 'user', content: question(prompt) }] });
    const headers = {
      'content-type': 'application/json',
      // A stage behind CloudFront's origin access control needs the body's hash.
      'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
    };
    let res;
    try {
      res = await fetch(`${baseURL()}/api/chat`, {
        method: 'POST', headers, body, signal: AbortSignal.timeout(Number(process.env.EVAL_TIMEOUT_MS || 90000)),
      });
    } catch (e) {
      return { error: `the service at ${baseURL()} did not answer: ${e.message}` };
    }
    const raw = await res.text();
    if (res.status !== 200) {
      return { error: `status ${res.status}: ${raw.slice(0, 300)}` };
    }
    const { text, metadata, error } = parseStream(raw);
    if (error !== null) {
      return { output: text, error: `the answer ended with an error: ${JSON.stringify(error)}`, metadata: { status: res.status } };
    }
    return { output: text, metadata: { status: res.status, ...(metadata || {}) } };
  }
}
