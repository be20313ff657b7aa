// The chat libraries front ends already use, unmodified, against the real Go server in demo
// mode (the scripted fake provider: no key, no internet). Each client gets only the base URL.
// Run with `npm test` (or `make test-web`).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AbstractChat, DefaultChatTransport } from 'ai';
// The first AI SDK 5 release, whose chunk schemas were strict: a stock client of that age must
// read the stream too.
import * as aiV5 from 'ai-v5';
import { AssistantMessageAccumulator, UIMessageStreamDecoder } from 'assistant-stream';
import OpenAI from 'openai';
import { startDemoServer, waitOutDemoRateLimit } from './server.mjs';

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';

/** @type {Awaited<ReturnType<typeof startDemoServer>>} */
let server;

before(async () => {
  // Stock clients send no x-amz-content-sha256: this server is the plain local one (the
  // deployed front door needs the header; README shows the fetch wrapper for it).
  server = process.env.CHAT_SERVER_URL
    ? { url: process.env.CHAT_SERVER_URL, stop: async () => {}, log: () => '' }
    : await startDemoServer({ env: { CHECK_CONTENT_SHA256: 'false' } });
});

after(async () => {
  await server?.stop();
});

/**
 * ChatState kept in plain fields: what React's and Vue's states do, without a framework.
 * @implements {import('ai').ChatState<import('ai').UIMessage>}
 */
class State {
  /** @param {import('ai').UIMessage[]} messages */
  constructor(messages = []) {
    /** @type {import('ai').ChatStatus} */
    this.status = 'ready';
    /** @type {Error | undefined} */
    this.error = undefined;
    this.messages = messages;
  }
  /** @param {import('ai').UIMessage} m */
  pushMessage(m) { this.messages = this.messages.concat(m); }
  popMessage() { this.messages = this.messages.slice(0, -1); }
  /** @param {number} i @param {import('ai').UIMessage} m */
  replaceMessage(i, m) { this.messages = [...this.messages.slice(0, i), m, ...this.messages.slice(i + 1)]; }
  /** @template T @param {T} v @returns {T} */
  snapshot(v) { return structuredClone(v); }
}

/** A headless useChat: the AI SDK's Chat with its DefaultChatTransport and only the URL. */
class Chat extends AbstractChat {
  constructor() {
    const state = new State();
    /** @type {Error[]} */
    const errors = [];
    super({ state, transport: new DefaultChatTransport({ api: `${server.url}/api/chat` }), onError: (e) => errors.push(e) });
    this.errors = errors;
    this.chatState = state;
  }
}

/** @param {import('ai').UIMessage} m */
const textOf = (m) => m.parts.filter((p) => p.type === 'text').map((p) => /** @type {any} */ (p).text).join('');

describe('the AI SDK: a stock Chat with DefaultChatTransport', () => {
  test('a multi-turn conversation streams, with sources and metadata', async () => {
    const chat = new Chat();
    await chat.sendMessage({ text: `[Contract Address: ${EVM}]\n\nWhat is this token?` });
    assert.equal(chat.status, 'ready', `status after the first answer (errors: ${chat.errors.map(String)})`);
    assert.deepEqual(chat.errors, []);
    assert.equal(chat.messages.length, 2);
    const first = chat.messages[1];
    assert.equal(first.role, 'assistant');
    assert.match(textOf(first), /^\(Scripted demo answer\)\n\n## Token overview/);
    assert.match(textOf(first), /do your own research before acting on any analysis\.$/);
    const sources = first.parts.filter((p) => p.type === 'source-url');
    assert.deepEqual(sources.map((p) => /** @type {any} */ (p).url),
      ['https://example.com/demo/market-data', 'https://example.org/demo/explorer']);
    assert.equal(/** @type {any} */ (sources[0]).title, 'Example market data (demo)');
    const meta = /** @type {any} */ (first.metadata);
    assert.equal(meta.finishReason, 'stop');
    assert.deepEqual(Object.keys(meta.usage).sort(), ['completionTokens', 'promptTokens', 'reasoningTokens', 'totalTokens']);
    assert.ok(meta.usage.totalTokens > 0, `usage ${JSON.stringify(meta.usage)}`);
    assert.deepEqual(meta.searchQueries, ['demo token price']);
    assert.match(meta.searchSuggestions, /demo token price/);

    // The second turn sends the whole history back, the answer's source and step parts
    // included: the server takes them and answers the new question.
    await chat.sendMessage({ text: 'And what about its liquidity?' });
    assert.equal(chat.status, 'ready', `status after the second answer (errors: ${chat.errors.map(String)})`);
    assert.equal(chat.messages.length, 4);
    assert.match(textOf(chat.messages[3]), /Token overview/);
    assert.deepEqual(chat.errors, []);
  });

  test('resume (useChat({resume: true}) on mount) finds no stream and stays quiet', async () => {
    const chat = new Chat();
    await chat.resumeStream();
    assert.deepEqual(chat.errors.map(String), []);
    assert.equal(chat.status, 'ready');
    assert.equal(chat.messages.length, 0);
  });

  test('an error before the stream: the status and the JSON body reach onError', async () => {
    const chat = new Chat();
    await chat.sendMessage({ text: 'rate limit me' });
    assert.equal(chat.status, 'error');
    assert.equal(chat.errors.length, 1);
    const body = JSON.parse(chat.errors[0].message);
    assert.equal(body.error, 'Rate limit exceeded');
    assert.match(body.details, /try again in 7 seconds/);
    assert.equal(/** @type {any} */ (chat.errors[0]).statusCode, 429);
    assert.equal(chat.messages.length, 1, 'no empty assistant message is left behind');

    // The conversation goes on after the error, once the server's Retry-After has passed.
    await waitOutDemoRateLimit();
    await chat.sendMessage({ text: 'Tell me about this token' });
    assert.equal(chat.status, 'ready');
    assert.equal(chat.messages.length, 3);
  });

  test('an error during the stream: the text so far stays, and the error text reaches onError', async () => {
    const chat = new Chat();
    await chat.sendMessage({ text: 'please fail' });
    assert.equal(chat.status, 'error');
    assert.equal(chat.errors.length, 1);
    assert.equal(chat.errors[0].message, 'The AI service failed while answering. Please try again.');
    const answer = chat.messages.at(-1);
    assert.equal(answer?.role, 'assistant');
    assert.match(textOf(/** @type {any} */ (answer)), /This answer starts, and then the upstream fails$/);
    assert.doesNotMatch(chat.errors[0].message + textOf(/** @type {any} */ (answer)), /INTERNAL|scripted failure|gemini/i);
  });

  test('a file part is refused by name with a 400', async () => {
    const chat = new Chat();
    await chat.sendMessage({ text: 'What is in this file?', files: [{ type: 'file', mediaType: 'text/plain', url: 'data:text/plain;base64,aGk=' }] });
    assert.equal(chat.status, 'error');
    const body = JSON.parse(chat.errors[0].message);
    assert.equal(body.error, 'Invalid request format');
    assert.match(body.details, /^messages\[0\]\.parts\[\d\] is a file part/);
  });
});

describe('the AI SDK 5 (its last release)', () => {
  test('a stock Chat reads an answer, sources and metadata', async () => {
    const state = new State();
    /** @type {Error[]} */
    const errors = [];
    const chat = new (class extends aiV5.AbstractChat {})({
      state, transport: new aiV5.DefaultChatTransport({ api: `${server.url}/api/chat` }), onError: (e) => errors.push(e),
    });
    await chat.sendMessage({ text: 'What is this token?' });
    assert.deepEqual(errors.map(String), []);
    assert.equal(chat.status, 'ready');
    const answer = /** @type {any} */ (chat.messages[1]);
    assert.match(textOf(answer), /^\(Scripted demo answer\)/);
    assert.equal(answer.parts.filter((p) => p.type === 'source-url').length, 2);
    assert.equal(answer.metadata.finishReason, 'stop');
  });
});

describe("assistant-stream's UI message stream decoder", () => {
  /** @param {string} question */
  async function decode(question) {
    const res = await fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: question }] }] }),
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-vercel-ai-ui-message-stream'), 'v1');
    /** @type {any} */
    let last;
    const messages = /** @type {ReadableStream<Uint8Array>} */ (res.body)
      .pipeThrough(new UIMessageStreamDecoder())
      .pipeThrough(new AssistantMessageAccumulator());
    for await (const m of /** @type {any} */ (messages)) last = m;
    return last;
  }

  test('decodes an answer into text and sources, without a warning', async () => {
    const warned = [];
    const warn = console.warn;
    console.warn = (...a) => warned.push(a.join(' '));
    try {
      const m = await decode('What is this token?');
      const text = m.parts.filter((p) => p.type === 'text').map((p) => p.text).join('');
      assert.match(text, /^\(Scripted demo answer\)/);
      assert.match(text, /any analysis\.$/);
      const sources = m.parts.filter((p) => p.type === 'source').map((p) => p.url);
      assert.deepEqual(sources, ['https://example.com/demo/market-data', 'https://example.org/demo/explorer']);
      assert.equal(m.status.type, 'complete', JSON.stringify(m.status));
      assert.equal(m.status.reason, 'stop', JSON.stringify(m.status));
    } finally {
      console.warn = warn;
    }
    assert.deepEqual(warned, [], 'no chunk was dropped');
  });

  test('a failure mid-stream ends the message with the error', async () => {
    const m = await decode('please fail');
    assert.equal(m.status.type, 'incomplete', JSON.stringify(m.status));
    assert.equal(m.status.error?.message ?? m.status.error, 'The AI service failed while answering. Please try again.');
    const text = m.parts.filter((p) => p.type === 'text').map((p) => p.text).join('');
    assert.match(text, /and then the upstream fails$/);
  });
});

describe('the openai client', () => {
  const client = () => new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });

  test('lists the service as one model', async () => {
    const list = await client().models.list();
    assert.deepEqual(list.data.map((m) => m.id), ['crypto-analyst']);
    const m = await client().models.retrieve('crypto-analyst');
    assert.equal(m.object, 'model');
    await assert.rejects(client().models.retrieve('gpt-4o'), (e) => e instanceof OpenAI.NotFoundError && e.code === 'model_not_found');
  });

  test('a whole completion, with citations and usage', async () => {
    const c = await client().chat.completions.create({
      model: 'crypto-analyst',
      messages: [{ role: 'user', content: `[Contract Address: ${EVM}]\n\nWhat is this token?` }],
    });
    assert.equal(c.object, 'chat.completion');
    assert.equal(c.model, 'crypto-analyst');
    const choice = c.choices[0];
    assert.equal(choice.finish_reason, 'stop');
    assert.match(choice.message.content ?? '', /^\(Scripted demo answer\)/);
    assert.deepEqual(choice.message.annotations?.map((a) => a.url_citation.url),
      ['https://example.com/demo/market-data', 'https://example.org/demo/explorer']);
    assert.ok((c.usage?.total_tokens ?? 0) > 0, JSON.stringify(c.usage));
  });

  test('a streamed completion, multi-turn, with the usage chunk', async () => {
    const stream = await client().chat.completions.create({
      model: 'crypto-analyst',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'user', content: 'What is this token?' },
        { role: 'assistant', content: 'It is a demo token.' },
        { role: 'user', content: [{ type: 'text', text: 'And its liquidity?' }] },
      ],
    });
    let text = '';
    let finish = null;
    let usage = null;
    let annotations = [];
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      assert.equal(chunk.object, 'chat.completion.chunk');
      for (const ch of chunk.choices) {
        text += ch.delta.content ?? '';
        if (ch.finish_reason) finish = ch.finish_reason;
        annotations = annotations.concat(/** @type {any} */ (ch.delta).annotations ?? []);
      }
      if (chunk.usage) usage = chunk.usage;
    }
    assert.ok(chunks >= 5, `${chunks} chunks`);
    assert.match(text, /^\(Scripted demo answer\)[\s\S]*any analysis\.$/);
    assert.equal(finish, 'stop');
    assert.equal(annotations.length, 2);
    assert.ok(usage && usage.total_tokens > 0, JSON.stringify(usage));
  });

  test('RateLimitError on the 429, with Retry-After', async () => {
    await assert.rejects(
      client().chat.completions.create({ model: 'crypto-analyst', messages: [{ role: 'user', content: 'rate limit me' }] }),
      (e) => e instanceof OpenAI.RateLimitError && e.status === 429 && e.headers.get('retry-after') === '7' &&
        /try again in 7 seconds/.test(e.message),
    );
    await waitOutDemoRateLimit();
  });

  test('BadRequestError on a system message', async () => {
    await assert.rejects(
      client().chat.completions.create({
        model: 'crypto-analyst',
        messages: [{ role: 'system', content: 'You are a pirate.' }, { role: 'user', content: 'hi' }],
      }),
      (e) => e instanceof OpenAI.BadRequestError && e.param === 'messages[0].role' && /system prompt is fixed/.test(e.message),
    );
  });

  test('an unknown model is a NotFoundError', async () => {
    await assert.rejects(
      client().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
      (e) => e instanceof OpenAI.NotFoundError && e.code === 'model_not_found',
    );
  });

  test('a failure mid-stream throws', async () => {
    const stream = await client().chat.completions.create({
      model: 'crypto-analyst', stream: true, messages: [{ role: 'user', content: 'please fail' }],
    });
    let text = '';
    await assert.rejects(async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    }, (e) => e instanceof OpenAI.APIError && e.message.includes('The AI service failed while answering'));
    assert.match(text, /and then the upstream fails$/);
  });
});

describe("through a front door that wants x-amz-content-sha256 (the README's signedFetch)", () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let guarded;
  before(async () => {
    guarded = await startDemoServer({ env: { CHECK_CONTENT_SHA256: 'true' } });
  });
  after(async () => {
    await guarded?.stop();
  });

  // The README's snippet, as it is there.
  /** @param {any} url @param {any} init */
  const signedFetch = async (url, init = {}) => {
    const body = typeof init.body === 'string' ? init.body : '';
    const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
    const hex = [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
    return fetch(url, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), 'x-amz-content-sha256': hex } });
  };

  test('stock clients are refused without it and served with it', async () => {
    const plain = new OpenAI({ baseURL: `${guarded.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    await assert.rejects(plain.chat.completions.create({ model: 'crypto-analyst', messages: [{ role: 'user', content: 'hi' }] }),
      (e) => e instanceof OpenAI.PermissionDeniedError);
    const signed = new OpenAI({ baseURL: `${guarded.url}/v1`, apiKey: 'unused', maxRetries: 0, fetch: signedFetch });
    const c = await signed.chat.completions.create({ model: 'crypto-analyst', messages: [{ role: 'user', content: 'hi' }] });
    assert.match(c.choices[0].message.content ?? '', /^\(Scripted demo answer\)/);

    const state = new State();
    const chat = new (class extends AbstractChat {})({
      state, transport: new DefaultChatTransport({ api: `${guarded.url}/api/chat`, fetch: /** @type {any} */ (signedFetch) }),
    });
    await chat.sendMessage({ text: 'hi' });
    assert.equal(chat.status, 'ready');
    assert.match(textOf(chat.messages[1]), /^\(Scripted demo answer\)/);
  });
});
