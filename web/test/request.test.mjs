// Unit tests of request.js: one request and its outcome, against a fake fetch (no browser,
// no server).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describeOutcome, LEFT_NOTICE, refusedFor, send } from '../src/request.js';

const enc = new TextEncoder();

/**
 * sse is a body that sends parts, one a read, then closes, or fails with fail.
 * @param {string[]} parts
 * @param {Error} [fail]
 */
const sse = (parts, fail) => {
  const left = [...parts];
  return new ReadableStream({
    pull(c) {
      const p = left.shift();
      if (p !== undefined) c.enqueue(enc.encode(p));
      else if (fail) c.error(fail);
      else c.close();
    },
  });
};

const streamHeaders = { 'Content-Type': 'text/event-stream; charset=utf-8' };

/**
 * fakeFetch answers with respond(url, init) and records each call.
 * @param {(url: string, init: RequestInit) => Response | Promise<Response>} respond
 */
function fakeFetch(respond) {
  /** @type {{url: string, init: RequestInit}[]} */
  const calls = [];
  const fetch = async (/** @type {string} */ url, /** @type {RequestInit} */ init) => {
    calls.push({ url, init });
    return respond(url, init);
  };
  return { fetch, calls };
}

/**
 * run sends content after exchanges with fetch and collects the text.
 * @param {ReturnType<typeof fakeFetch>['fetch']} fetch
 * @param {object} [more]
 */
async function run(fetch, more = {}) {
  const texts = [];
  const outcome = await send({ apiUrl: 'https://api.example', exchanges: [], content: 'Hi', onText: (t) => texts.push(t), fetch, now: () => 0, ...more });
  return { outcome, texts };
}

describe('send', () => {
  test('a 200 stream ending with d: is done, and the request is the conversation, signed', async () => {
    const f = fakeFetch(() => new Response(sse(['data: 0:"He', 'llo"\n\ndata: 0:" there"\n\n', 'data: d:{"finishReason":"stop","sources":[]}\n\n']), { headers: streamHeaders }));
    const exchanges = [
      { question: 'first', answer: 'one', complete: true },
      { question: 'cut', answer: 'half', complete: false },
    ];
    const signal = new AbortController().signal;
    const { outcome, texts } = await run(f.fetch, { exchanges, content: 'second', signal });
    assert.deepEqual(outcome, { kind: 'done', meta: { finishReason: 'stop', sources: [] } });
    assert.deepEqual(texts, ['Hello', ' there']);
    assert.equal(f.calls.length, 1);
    const { url, init } = f.calls[0];
    assert.equal(url, 'https://api.example/api/chat');
    assert.equal(init.method, 'POST');
    assert.equal(init.signal, signal);
    assert.deepEqual(JSON.parse(String(init.body)), {
      messages: [{ role: 'user', content: 'first' }, { role: 'assistant', content: 'one' }, { role: 'user', content: 'second' }],
    });
    const headers = /** @type {Record<string, string>} */ (init.headers);
    assert.equal(headers['Content-Type'], 'application/json');
    assert.equal(headers.Accept, 'text/event-stream');
    assert.equal(headers['x-amz-content-sha256'], createHash('sha256').update(String(init.body), 'utf8').digest('hex'));
  });
  test('no signature without Web Crypto', async () => {
    const f = fakeFetch(() => new Response(sse(['data: d:{}\n\n']), { headers: streamHeaders }));
    const { outcome } = await run(f.fetch, { subtle: null });
    assert.deepEqual(outcome, { kind: 'done', meta: {} });
    assert.equal(/** @type {Record<string, string>} */ (f.calls[0].init.headers)['x-amz-content-sha256'], undefined);
  });
  test('e: is an error with its message', async () => {
    const f = fakeFetch(() => new Response(sse(['data: 0:"x"\n\ndata: e:"The AI service failed while answering. Please try again."\n\n']), { headers: streamHeaders }));
    const { outcome, texts } = await run(f.fetch);
    assert.deepEqual(outcome, { kind: 'error', message: 'The AI service failed while answering. Please try again.' });
    assert.deepEqual(texts, ['x']);
  });
  test('a malformed stream is an error', async () => {
    const f = fakeFetch(() => new Response(sse(['data: 0:{not json}\n\n']), { headers: streamHeaders }));
    assert.deepEqual((await run(f.fetch)).outcome, { kind: 'error', message: 'The answer could not be read (malformed stream).' });
  });
  test('a stream that closes without d: or e: is interrupted (closed)', async () => {
    const f = fakeFetch(() => new Response(sse(['data: 0:"x"\n\n', 'data: d:{"finish']), { headers: streamHeaders }));
    assert.deepEqual((await run(f.fetch)).outcome, { kind: 'interrupted', cause: 'closed' });
  });
  test('a stream that breaks after some text is interrupted (broken); before any, a network failure', async () => {
    const broken = fakeFetch(() => new Response(sse(['data: 0:"x"\n\n'], new TypeError('network error')), { headers: streamHeaders }));
    const got = await run(broken.fetch);
    assert.deepEqual(got.outcome, { kind: 'interrupted', cause: 'broken' });
    assert.deepEqual(got.texts, ['x']);
    const early = fakeFetch(() => new Response(sse([': comment\n\n'], new TypeError('network error')), { headers: streamHeaders }));
    assert.deepEqual((await run(early.fetch)).outcome, { kind: 'network' });
  });
  test('a 429 carries its status, body and Retry-After', async () => {
    const body = { error: 'Rate limit exceeded', details: 'too many requests to the AI service; try again in 7 seconds' };
    const f = fakeFetch(() => new Response(JSON.stringify(body), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '7' } }));
    const { outcome } = await run(f.fetch);
    assert.deepEqual(outcome, { kind: 'http-error', status: 429, body, retryAfter: 7 });
    assert.deepEqual(describeOutcome(outcome, 'Please wait 48 seconds and try again.'), {
      state: 'error',
      notice: 'Rate limit exceeded (HTTP 429): too many requests to the AI service. Please wait 48 seconds and try again.',
      said: 'Rate limit exceeded (HTTP 429): too many requests to the AI service. Please wait 48 seconds and try again.',
    });
  });
  test('a 429 is a refusal before any answer, whose wait is its Retry-After alone; the answer never began', async () => {
    let began = 0;
    const onAnswer = () => began++;
    const body = { error: 'Rate limit exceeded', details: 'too many requests to the AI service; try again in 7 seconds' };
    const limited = await run(fakeFetch(() => new Response(JSON.stringify(body), { status: 429, headers: { 'Retry-After': '7' } })).fetch, { onAnswer });
    assert.equal(refusedFor(limited.outcome), 7);
    assert.equal(began, 0);
    // Without a Retry-After the page does not know the server's wait: the cooldown stands.
    assert.equal(refusedFor((await run(fakeFetch(() => new Response('{}', { status: 429 })).fetch)).outcome), null);
    // Not refusals: an answer, one that failed once it began, a 500 (even with a Retry-After), a network failure.
    const stream = fakeFetch(() => new Response(sse(['data: 0:"Hi"\n\n', 'data: d:{}\n\n']), { headers: streamHeaders }));
    const answered = await run(stream.fetch, { onAnswer });
    assert.equal(answered.outcome.kind, 'done');
    assert.equal(began, 1, 'the answer began');
    assert.equal(refusedFor(answered.outcome), null);
    assert.equal(refusedFor({ kind: 'error', message: 'x' }), null);
    assert.equal(refusedFor({ kind: 'interrupted', cause: 'broken' }), null);
    assert.equal(refusedFor({ kind: 'http-error', status: 500, body: null, retryAfter: 30 }), null);
    assert.equal(refusedFor({ kind: 'network' }), null);
  });
  test('a Retry-After date is read against now', async () => {
    const f = fakeFetch(() => new Response('{}', { status: 429, headers: { 'Retry-After': new Date(600_000).toUTCString() } }));
    assert.equal(/** @type {any} */ ((await run(f.fetch, { now: () => 0 })).outcome).retryAfter, 600);
  });
  test('a 500 without a JSON body, and a 200 that is not a stream', async () => {
    const f500 = fakeFetch(() => new Response('<html>oops</html>', { status: 500, headers: { 'Content-Type': 'text/html' } }));
    const { outcome } = await run(f500.fetch);
    assert.deepEqual(outcome, { kind: 'http-error', status: 500, body: null, retryAfter: null });
    assert.equal(describeOutcome(outcome, 'Please wait 50 seconds and try again.').notice,
      'AI service error (HTTP 500): the AI service failed to answer. Please wait 50 seconds and try again.');
    const f200 = fakeFetch(() => new Response('{"answer":"no"}', { headers: { 'Content-Type': 'application/json' } }));
    assert.deepEqual((await run(f200.fetch)).outcome, { kind: 'http-error', status: 0, body: { answer: 'no' }, retryAfter: null });
  });
  test('a fetch that fails is a network failure', async () => {
    const f = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { outcome } = await run(f.fetch);
    assert.deepEqual(outcome, { kind: 'network' });
    assert.deepEqual(describeOutcome(outcome, 'Please wait 50 seconds and try again.'), {
      state: 'error',
      notice: 'Could not reach the chat service. Check your connection. Please wait 50 seconds and try again.',
      said: 'Could not reach the chat service. Check your connection. Please wait 50 seconds and try again.',
    });
  });
  test('an abort, before the answer or during it, is stopped', async () => {
    // The fetch rejects as a browser's does when its signal aborts.
    const hang = (/** @type {string} */ _url, /** @type {RequestInit} */ init) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The user aborted a request.', 'AbortError'))));
    const before = new AbortController();
    const pending = run(fakeFetch(hang).fetch, { signal: before.signal });
    setTimeout(() => before.abort(), 10);
    assert.deepEqual((await pending).outcome, { kind: 'stopped' });

    // Text came, then the body fails because the signal aborted: stopped, not interrupted.
    const during = new AbortController();
    const f = fakeFetch((_url, init) => {
      const body = new ReadableStream({
        start(c) {
          c.enqueue(enc.encode('data: 0:"partial"\n\n'));
          init.signal?.addEventListener('abort', () => c.error(new Error('aborted')));
        },
      });
      return new Response(body, { headers: streamHeaders });
    });
    const texts = [];
    const outcome = send({ apiUrl: '', exchanges: [], content: 'Hi', fetch: f.fetch, signal: during.signal, onText: (t) => {
      texts.push(t);
      during.abort();
    } });
    assert.deepEqual(await outcome, { kind: 'stopped' });
    assert.deepEqual(texts, ['partial']);
    assert.deepEqual(describeOutcome({ kind: 'stopped' }, 'x'), { state: 'stopped', notice: 'Stopped.', said: 'Answer stopped.' });
  });
});

describe('describeOutcome', () => {
  const wait = 'Please wait 50 seconds and try again.';
  test('done says finished, or why it was cut off', () => {
    assert.deepEqual(describeOutcome({ kind: 'done', meta: { finishReason: 'stop' } }, wait), { state: 'done', notice: '', said: 'Answer finished.' });
    assert.deepEqual(describeOutcome({ kind: 'done', meta: { finishReason: 'length' } }, wait),
      { state: 'done', notice: '', said: 'Answer cut off. The answer was cut short: it reached the maximum length.' });
  });
  test('an e: error names the wait in place of its "try again"', () => {
    assert.deepEqual(describeOutcome({ kind: 'error', message: 'The answer ended unexpectedly. Please try again.' }, wait), {
      state: 'error',
      notice: 'Error: The answer ended unexpectedly. Please wait 50 seconds and try again.',
      said: 'Answer cut off by an error: The answer ended unexpectedly. Please wait 50 seconds and try again.',
    });
  });
  test('interrupted says how', () => {
    assert.deepEqual(describeOutcome({ kind: 'interrupted', cause: 'closed' }, wait), {
      state: 'interrupted',
      notice: 'The answer was interrupted: the connection closed before it finished. Please wait 50 seconds and try again.',
      said: 'Answer cut off. The answer was interrupted: the connection closed before it finished. Please wait 50 seconds and try again.',
    });
    assert.equal(describeOutcome({ kind: 'interrupted', cause: 'broken' }, 'You can try again now.').notice,
      'The answer was interrupted: the connection broke before it finished. You can try again now.');
    assert.equal(LEFT_NOTICE, 'The answer was interrupted: the page was left before it finished.');
  });
});
