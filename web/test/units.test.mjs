// Unit tests of the page's pure modules (no browser needed).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkContractAddress, composeContent } from '../src/address.js';
import { buildMessages, cutChars } from '../src/conversation.js';
import { isBlank, questionProblem, stripControl, MAX_MESSAGES, MAX_BODY_BYTES, MAX_CONTENT } from '../src/limits.js';
import { normalizeConfig, DEFAULTS } from '../src/config.js';
import { currentLock, lockEnd, remainingSeconds, markRefused, markSubmitted, markRetryAfter, STORAGE_KEY, RETRY_KEY, MAX_RETRY_AFTER } from '../src/cooldown.js';
import { describeHttpError, parseData, parseRetryAfter, readStream, withWait } from '../src/protocol.js';
import { aboutIn, comeBackAt, countsDown, describeLock, waitText, WAIT_SENTENCE } from '../src/wait.js';
import { fromSaved, loadHistory, saveHistory, toSaved, HISTORY_KEY, MAX_SAVED } from '../src/history.js';
import { contentSha256 } from '../src/sign.js';
import { stripBidi } from '../src/format.js';
import { suggestionsDoc, SUGGESTIONS_CSP } from '../src/suggestions.js';

describe('checkContractAddress', () => {
  const cases = {
    'EVM lower case': ['0x52908400098527886e0f7030069857d2e4169ee7', true],
    'EVM upper case digits': ['0x52908400098527886E0F7030069857D2E4169EE7', true],
    'EVM valid EIP-55': ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', true],
    'EVM 0X prefix': ['0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', true],
    'EVM mixed case without a valid checksum': ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', true],
    'Tron is refused': ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', false],
    'Bitcoin is refused': ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', false],
    'made-up Solana-length base58': ['7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', true],
    'EVM 39 digits': ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae', false],
    'EVM 41 digits': ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed0', false],
    'EVM non-hex': ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg', false],
    'Solana 44': ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', true],
    'Solana 32': ['11111111111111111111111111111111', true],
    'Solana 31': ['1111111111111111111111111111111', false],
    'Solana 45': ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv', false],
    'Solana with 0': ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10', false],
    'Solana with l': ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1l', false],
    'empty': ['', false],
    'too long': ['1'.repeat(65), false],
  };
  for (const [name, [addr, ok]] of Object.entries(cases)) {
    test(name, () => assert.equal(checkContractAddress(addr) === '', ok, checkContractAddress(addr)));
  }
  // The server's own list (pkg/chat/contract runs it too): the page accepts exactly what it does.
  const shared = JSON.parse(readFileSync(new URL('../../pkg/chat/contract/testdata/addresses.json', import.meta.url), 'utf8'));
  test('the server\'s shared vectors', () => {
    assert.ok(shared.valid.length > 0 && shared.invalid.length > 0);
    for (const a of shared.valid) assert.equal(checkContractAddress(a), '', `${a} should be accepted`);
    for (const a of shared.invalid) assert.notEqual(checkContractAddress(a), '', `${a} should be refused`);
  });
  test('composeContent uses the prefix form', () => {
    assert.equal(composeContent('Q?', 'abc'), '[Contract Address: abc]\n\nQ?');
    assert.equal(composeContent('Q?', ''), 'Q?');
  });
});

describe('buildMessages', () => {
  test('replays completed exchanges only and ends with the new question', () => {
    const msgs = buildMessages(
      [
        { question: 'a', answer: 'A', complete: true },
        { question: 'b', answer: 'partial', complete: false },
      ],
      'c',
    );
    assert.deepEqual(msgs, [
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'A' },
      { role: 'user', content: 'c' },
    ]);
  });
  test('keeps within the message limit, dropping the oldest', () => {
    const ex = Array.from({ length: 40 }, (_, i) => ({ question: `q${i}`, answer: `a${i}`, complete: true }));
    const msgs = buildMessages(ex, 'new');
    assert.ok(msgs.length <= MAX_MESSAGES);
    assert.equal(msgs[0].role, 'user');
    assert.equal(msgs.at(-2).content, 'a39');
    assert.equal(msgs.at(-1).content, 'new');
  });
  test('keeps the body under the size limit, dropping the oldest', () => {
    const long = 'ж'.repeat(12000); // 24 000 bytes in UTF-8
    const ex = Array.from({ length: 12 }, (_, i) => ({ question: `q${i}`, answer: long + i, complete: true }));
    const msgs = buildMessages(ex, 'new');
    const bytes = new TextEncoder().encode(JSON.stringify({ messages: msgs })).length;
    assert.ok(bytes <= MAX_BODY_BYTES, `${bytes} bytes`);
    assert.ok(msgs.length < 25, `${msgs.length} messages: nothing was dropped`);
    assert.equal(msgs.at(-2).content, long + 11);
    assert.equal(msgs[0].role, 'user');
  });
  test("keeps to the limits the server serves, when it serves others", () => {
    const ex = Array.from({ length: 10 }, (_, i) => ({ question: `q${i}`, answer: 'x'.repeat(50) + i, complete: true }));
    const msgs = buildMessages(ex, 'new', { maxMessages: 5, maxContent: 20, maxBodyBytes: MAX_BODY_BYTES });
    assert.equal(msgs.length, 5);
    assert.deepEqual(msgs.slice(0, 2), [
      { role: 'user', content: 'q8' },
      { role: 'assistant', content: 'x'.repeat(20) },
    ]);
    const small = buildMessages(ex, 'new', { maxMessages: 50, maxContent: 16000, maxBodyBytes: 200 });
    assert.ok(new TextEncoder().encode(JSON.stringify({ messages: small })).length <= 200);
    assert.ok(small.length < 21, `${small.length} messages: nothing was dropped`);
  });
  test('cuts long answers by characters, never inside an emoji', () => {
    const answer = 'a'.repeat(MAX_CONTENT - 1) + '😀' + 'tail';
    const msgs = buildMessages([{ question: 'q', answer, complete: true }], 'new');
    const cut = msgs[1].content;
    assert.equal(Array.from(cut).length, MAX_CONTENT);
    assert.ok(cut.endsWith('😀'), 'the emoji was split');
    assert.equal(cutChars('ab😀c', 3), 'ab😀');
  });
  test('strips control characters the server refuses', () => {
    assert.equal(stripControl('a\u0000b\tc\nd\re\u007f\u0085'), 'ab\tc\nd\re');
  });
});

describe('normalizeConfig', () => {
  test('defaults for junk', () => assert.deepEqual(normalizeConfig(null), DEFAULTS));
  test('production shape', () =>
    assert.deepEqual(normalizeConfig({ apiUrl: 'https://x.lambda-url.eu-west-1.on.aws/', cooldownSeconds: 10 }), {
      apiUrl: 'https://x.lambda-url.eu-west-1.on.aws',
      cooldownSeconds: 10,
      demo: false,
      limits: DEFAULTS.limits,
    }));
  test('refuses odd values', () =>
    assert.deepEqual(
      normalizeConfig({ apiUrl: 'javascript:alert(1)', cooldownSeconds: -3, demo: 'yes', maxMessages: 0, maxContentChars: 1.5, maxBodyBytes: '9' }),
      DEFAULTS,
    ));
  test("the local server's limits, the body's with room to spare", () =>
    assert.deepEqual(normalizeConfig({ cooldownSeconds: 50, demo: true, maxMessages: 7, maxContentChars: 100, maxBodyBytes: 65536 }).limits, {
      maxMessages: 7,
      maxContent: 100,
      maxBodyBytes: 65536 - 6 * 1024,
    }));
});

describe('cooldown', () => {
  const store = () => {
    const m = new Map();
    return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k) };
  };
  const T = 1_763_800_000_000; // a real clock: milliseconds since the epoch (Nov 2025)
  test('a 429 before any answer starts no cooldown: the lock is its Retry-After alone, and everything names it', () => {
    const s = store();
    const submit = markSubmitted(s, T);
    assert.equal(remainingSeconds(s, 50, T + 800), 50, 'while the question is out, the cooldown stands');
    markRefused(s, submit, 7, T + 800); // the demo's 429: Retry-After 7, "try again in 7 seconds"
    assert.equal(s.getItem(STORAGE_KEY), null, 'the refused question is no submit');
    assert.equal(lockEnd(s, 50, T + 800), T + 7800);
    const lock = currentLock(s, 50, T + 800);
    assert.equal(lock.left, 7);
    assert.equal(lock.sentence, 'Please wait 7 seconds and try again.');
    assert.equal(describeHttpError(429, { error: 'Rate limit exceeded', details: 'too many requests to the AI service; try again in 7 seconds' }, lock.sentence),
      'Rate limit exceeded (HTTP 429): too many requests to the AI service. Please wait 7 seconds and try again.');
    assert.equal(remainingSeconds(s, 50, T + 7800), 0, 'the next question may go after 7 s, not 50');

    // The submit before it, long over, is kept; a longer Retry-After (WAF's 600) locks that long.
    s.setItem(STORAGE_KEY, String(T - 120_000));
    markRefused(s, markSubmitted(s, T), 600, T);
    assert.equal(s.getItem(STORAGE_KEY), String(T - 120_000));
    assert.equal(remainingSeconds(s, 50, T), 600);
    markRefused(s, markSubmitted(s, T), 10 * MAX_RETRY_AFTER, T);
    assert.equal(remainingSeconds(s, 50, T), MAX_RETRY_AFTER, 'capped as before');
  });
  test('a refusal leaves a submit another tab made since, and storage that fails', () => {
    const s = store();
    const submit = markSubmitted(s, T);
    markSubmitted(s, T + 300); // another tab asked meanwhile (and was answered)
    markRefused(s, submit, 7, T + 800);
    assert.equal(s.getItem(STORAGE_KEY), String(T + 300));
    assert.equal(remainingSeconds(s, 50, T + 800), 50, "the other question's cooldown");
    const broken = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); }, removeItem() { throw new Error('denied'); } };
    const none = markSubmitted(/** @type {any} */ (broken), T);
    assert.deepEqual(none, { at: T, before: null });
    assert.doesNotThrow(() => markRefused(/** @type {any} */ (broken), none, 7, T));
  });
  test('blocks for the cooldown after a submit', () => {
    const s = store();
    assert.equal(remainingSeconds(s, 50, T), 0);
    markSubmitted(s, T);
    assert.equal(s.getItem(STORAGE_KEY), String(T));
    assert.equal(remainingSeconds(s, 50, T), 50);
    assert.equal(remainingSeconds(s, 50, T + 49_001), 1);
    assert.equal(remainingSeconds(s, 50, T + 50_000), 0);
  });
  test('a Retry-After longer than the cooldown left extends the lock; a shorter one changes nothing', () => {
    const s = store();
    markSubmitted(s, T);
    markRetryAfter(s, 7, T);
    assert.equal(remainingSeconds(s, 50, T), 50, 'the cooldown is longer than 7 s');
    markRetryAfter(s, 600, T);
    assert.equal(s.getItem(RETRY_KEY), String(T + 600_000));
    assert.equal(remainingSeconds(s, 50, T), 600);
    assert.equal(remainingSeconds(s, 50, T + 100_000), 500);
    assert.equal(remainingSeconds(s, 50, T + 600_000), 0);
    markRetryAfter(s, 0, T);
    assert.equal(s.getItem(RETRY_KEY), String(T + 600_000), 'no Retry-After leaves the stored one');
  });
  test('a Retry-After never blocks longer than MAX_RETRY_AFTER', () => {
    const s = store();
    markRetryAfter(s, 10 * MAX_RETRY_AFTER, T);
    assert.equal(remainingSeconds(s, 50, T), MAX_RETRY_AFTER);
    s.setItem(RETRY_KEY, String(T + 1e12)); // clock moved back
    assert.equal(remainingSeconds(s, 50, T), MAX_RETRY_AFTER);
  });
  test('a daily allowance\'s Retry-After (up to 25 hours) locks that long; an absurd one is capped', () => {
    assert.ok(MAX_RETRY_AFTER >= 25 * 3600, `MAX_RETRY_AFTER ${MAX_RETRY_AFTER}`);
    assert.ok(MAX_RETRY_AFTER <= 26 * 3600, `MAX_RETRY_AFTER ${MAX_RETRY_AFTER}`);
    const s = store();
    markSubmitted(s, T);
    markRetryAfter(s, 90_000, T); // midnight Pacific on the day the clocks go back: 25 hours away
    assert.equal(remainingSeconds(s, 50, T), 90_000);
    assert.equal(lockEnd(s, 50, T + 1000), T + 90_000_000, 'the end stays put as time passes');
    assert.equal(remainingSeconds(s, 50, T + 90_000_000), 0);
    markRetryAfter(s, 30 * 24 * 3600, T);
    assert.equal(remainingSeconds(s, 50, T), MAX_RETRY_AFTER);
  });
  test('the lock and what the page says of it survive a reload (they are read from storage)', () => {
    const s = store();
    const clock = { locale: 'en-GB', timeZone: 'Europe/Paris' };
    const now = Date.parse('2025-11-25T15:48:00Z'); // 16:48 in Paris
    markSubmitted(s, now);
    markRetryAfter(s, 25_920, now);
    const first = currentLock(s, 50, now, clock);
    assert.equal(first.later, 'after 00:00 tomorrow (in about 7 hours)');
    // A reload: a fresh read of the same storage, a few seconds later, says the same.
    const again = currentLock({ getItem: (k) => s.getItem(k), setItem() {} }, 50, now + 5000, clock);
    assert.deepEqual({ ...again, left: 0 }, { ...first, left: 0 });
    assert.equal(again.left, 25_915);
    // When the time has passed, nothing locks any more.
    assert.deepEqual(currentLock(s, 50, now + 25_920_000, clock), { left: 0, later: '', sentence: 'You can try again now.', blocked: 'Please wait 0 seconds before sending another question.' });
  });
  test('a time in the future never blocks longer than one cooldown', () => {
    const s = store();
    markSubmitted(s, T + 9_000_000);
    assert.equal(remainingSeconds(s, 50, T), 50);
  });
  test('garbage is no cooldown', () => {
    const s = store();
    s.setItem(STORAGE_KEY, 'soon');
    assert.equal(remainingSeconds(s, 50, T), 0);
    s.setItem(STORAGE_KEY, '');
    assert.equal(remainingSeconds(s, 50, T), 0);
  });
  test('seconds since the epoch and ISO dates are read too', () => {
    const s = store();
    s.setItem(STORAGE_KEY, String(Math.floor((T - 20_000) / 1000)));
    assert.equal(remainingSeconds(s, 50, T), 30);
    s.setItem(STORAGE_KEY, new Date(T - 10_000).toISOString());
    assert.equal(remainingSeconds(s, 50, T), 40);
  });
});

describe('protocol', () => {
  test('parseData', () => {
    assert.deepEqual(parseData('0:"a\\nb"'), { code: '0', text: 'a\nb' });
    assert.deepEqual(parseData('d:{"finishReason":"stop"}'), { code: 'd', meta: { finishReason: 'stop' } });
    assert.deepEqual(parseData('e:"boom"'), { code: 'e', message: 'boom' });
    assert.equal(parseData('8:[]'), null);
    assert.throws(() => parseData('0:{}'));
  });

  /** @param {string[]} parts */
  const body = (parts) =>
    new ReadableStream({
      start(c) {
        for (const p of parts) c.enqueue(new TextEncoder().encode(p));
        c.close();
      },
    });
  test('readStream across chunk boundaries', async () => {
    const texts = [];
    const out = await readStream(
      body(['data: 0:"He', 'llo"\n\ndata: 0:" wor', 'ld"\n', '\ndata: d:{"finishReason":"stop","sources":[]}\n\n']),
      (t) => texts.push(t),
    );
    assert.deepEqual(texts, ['Hello', ' world']);
    assert.deepEqual(out, { kind: 'done', meta: { finishReason: 'stop', sources: [] } });
  });
  test('readStream e: and interrupted', async () => {
    assert.deepEqual(await readStream(body(['data: 0:"x"\n\ndata: e:"bad"\n\n']), () => {}), { kind: 'error', message: 'bad' });
    assert.deepEqual(await readStream(body(['data: 0:"x"\n\n', 'data: d:{"finish']), () => {}), { kind: 'interrupted' });
  });
  test('Retry-After and error messages', () => {
    assert.equal(parseRetryAfter('7', 0), 7);
    assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 0), 10);
    assert.equal(parseRetryAfter(null, 0), null);
    // The wait named is the page's own (the countdown's), whatever the status.
    assert.match(describeHttpError(429, { error: 'Rate limit exceeded' }, 47), /^Rate limit exceeded \(HTTP 429\).*Please wait 47 seconds and try again\.$/);
    assert.match(describeHttpError(429, null, 0), /^Rate limit exceeded \(HTTP 429\).*You can try again now\.$/);
    assert.match(describeHttpError(400, { error: 'Invalid request format', details: 'messages is empty' }, 50), /^Invalid request format \(HTTP 400\).*messages is empty/);
    assert.match(describeHttpError(401, null, 50), /^API key not configured \(HTTP 401\)/);
    assert.match(describeHttpError(500, { error: 'AI service error', details: 'the AI service failed' }, 1), /^AI service error \(HTTP 500\).*Please wait 1 second and try again\.$/);
    assert.doesNotMatch(describeHttpError(500, null, 49), /later/);
    assert.match(describeHttpError(503, null, 50), /^Unexpected response \(HTTP 503\)/);
    assert.equal(waitText(2), 'Please wait 2 seconds and try again.');
  });
});

describe('wait: a countdown, or when to come back', () => {
  const paris = { locale: 'en-GB', timeZone: 'Europe/Paris' };
  const T = Date.parse('2025-11-25T15:48:00Z'); // 16:48 in Paris
  test('a wait up to the cooldown (and at least up to a minute) is counted down', () => {
    assert.equal(countsDown(0, 50), true);
    assert.equal(countsDown(50, 50), true);
    assert.equal(countsDown(60, 50), true, 'a minute is still counted down');
    assert.equal(countsDown(61, 50), false);
    assert.equal(countsDown(301, 300), false);
    assert.equal(countsDown(26, 10), true, 'a per-minute limit is counted down even under a short cooldown');
    assert.equal(countsDown(60, 0), true);
    assert.equal(countsDown(61, 0), false);
    assert.equal(countsDown(120, 300), true);
  });
  test('the countdown reads as before', () => {
    assert.deepEqual(describeLock(T + 48_000, T, 50, paris), {
      left: 48, later: '', sentence: 'Please wait 48 seconds and try again.', blocked: 'Please wait 48 seconds before sending another question.',
    });
    assert.equal(describeLock(T + 500, T, 50).sentence, 'Please wait 1 second and try again.');
    assert.equal(describeLock(T + 500, T, 50).blocked, 'Please wait 1 second before sending another question.');
    assert.equal(describeLock(T - 1, T, 50).sentence, 'You can try again now.');
  });
  test('how long, roughly: minutes, then hours', () => {
    const cases = [[61, 'about 1 minute'], [600, 'about 10 minutes'], [3540, 'about 59 minutes'], [3570, 'about 1 hour'],
      [4500, 'about 1 hour 20 minutes'], [7200, 'about 2 hours'], [10_440, 'about 2 hours 50 minutes'], [10_500, 'about 3 hours'],
      [25_920, 'about 7 hours'], [86_400, 'about 24 hours'], [90_000, 'about 25 hours']];
    for (const [s, want] of cases) assert.equal(aboutIn(s), want, `${s} s`);
  });
  test('the time to come back is local, to the minute, never before the lock ends', () => {
    assert.equal(comeBackAt(T + 600_000, T, paris), '16:58');
    assert.equal(comeBackAt(T + 600_000 + 5000, T, paris), '16:58', 'a few seconds past the minute: the server\'s rounding');
    assert.equal(comeBackAt(T + 600_000 + 30_000, T, paris), '16:59', 'well into a minute: the next one');
    assert.equal(comeBackAt(T + 60_000 * 60 * 3, T, { locale: 'en-GB', timeZone: 'UTC' }), '18:48');
    assert.equal(comeBackAt(T + 25_920_000, T, paris), '00:00 tomorrow');
    assert.equal(comeBackAt(T + 25_920_000, T, { locale: 'en-GB', timeZone: 'America/Los_Angeles' }), '15:00', 'the same day in California');
    assert.match(comeBackAt(T + 25_920_000, T, { locale: 'en-US', timeZone: 'America/New_York' }), /^6:00\sPM$/);
    assert.match(comeBackAt(T + 25_920_000, T, { locale: 'en-US', timeZone: 'Asia/Tokyo' }), /^8:00\sAM$/, 'in Tokyo it is already the next day (00:48)');
    // 23:50 in Paris, plus 25 hours: the day after tomorrow.
    const late = Date.parse('2025-11-25T22:50:00Z');
    assert.equal(comeBackAt(late + 90_000_000, late, paris), '00:50 on Thursday');
  });
  test('a wait longer than the cooldown says when to come back', () => {
    assert.deepEqual(describeLock(T + 25_920_000, T, 50, paris), {
      left: 25_920,
      later: 'after 00:00 tomorrow (in about 7 hours)',
      sentence: 'Come back after 00:00 tomorrow (in about 7 hours).',
      blocked: 'Please come back after 00:00 tomorrow (in about 7 hours) to send another question.',
    });
    assert.equal(describeLock(T + 600_000, T, 50, paris).sentence, 'Come back after 16:58 (in about 10 minutes).');
    // Midnight in Los Angeles on the day its clocks go back is 25 hours after the one before.
    const la = { locale: 'en-US', timeZone: 'America/Los_Angeles' };
    const midnight = Date.parse('2025-11-02T07:00:00Z');
    assert.match(describeLock(midnight + 90_000_000, midnight, 50, la).sentence, /^Come back after 12:00\sAM tomorrow \(in about 25 hours\)\.$/);
  });
  test('notices end with the sentence, and it is found again to be kept up to date', () => {
    const daily = { error: 'Rate limit exceeded', details: 'the service\'s daily allowance of answers is used up; it resets at midnight Pacific time (08:00 UTC), in 7 hours 12 minutes' };
    const lock = describeLock(T + 25_920_000, T, 50, paris);
    const notice = describeHttpError(429, daily, lock.sentence);
    assert.equal(notice, 'Rate limit exceeded (HTTP 429): the service\'s daily allowance of answers is used up. Come back after 00:00 tomorrow (in about 7 hours).');
    assert.equal(notice.replace(WAIT_SENTENCE, 'You can try again now.'), 'Rate limit exceeded (HTTP 429): the service\'s daily allowance of answers is used up. You can try again now.');
    const us = describeLock(T + 25_920_000, T, 50, { locale: 'en-US', timeZone: 'America/New_York' }).sentence;
    assert.match(`x. ${us}`, WAIT_SENTENCE);
    assert.equal(describeHttpError(429, { error: 'Rate limit exceeded', details: 'the service is answering too many questions right now; try again in 26 seconds' }, 50),
      'Rate limit exceeded (HTTP 429): the service is answering too many questions right now. Please wait 50 seconds and try again.');
    assert.equal(describeHttpError(429, { error: 'Rate limit exceeded', details: 'too many requests from your address; try again in 600 seconds' }, 'Come back after 16:58 (in about 10 minutes).'),
      'Rate limit exceeded (HTTP 429): too many requests from your address. Come back after 16:58 (in about 10 minutes).');
    assert.equal(describeHttpError(429, { details: 'Quota exceeded. Please try again later.' }, 3), 'Rate limit exceeded (HTTP 429): Quota exceeded. Please wait 3 seconds and try again.');
    assert.equal(describeHttpError(429, { details: 'try again later' }, 3), 'Rate limit exceeded (HTTP 429): too many requests right now. Please wait 3 seconds and try again.');
    // The operator's daily budget (DAILY_BUDGET_USD) spent: the page says so, and when to come back.
    const budget = { error: 'Rate limit exceeded', details: 'the service\'s daily budget is spent; it resets at midnight UTC, in 7 hours 12 minutes' };
    assert.equal(describeHttpError(429, budget, lock.sentence),
      'Rate limit exceeded (HTTP 429): the service\'s daily budget is spent. Come back after 00:00 tomorrow (in about 7 hours).');
    assert.equal(withWait('The AI service failed while answering. Please try again.', lock.sentence), 'The AI service failed while answering. Come back after 00:00 tomorrow (in about 7 hours).');
  });
});

describe('contentSha256', () => {
  test('is the lowercase hex SHA-256 of the UTF-8 body', async () => {
    assert.equal(await contentSha256('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const { createHash } = await import('node:crypto');
    const body = JSON.stringify({ messages: [{ role: 'user', content: 'Prix du jeton ? 価格 🚀' }] });
    assert.equal(await contentSha256(body), createHash('sha256').update(body, 'utf8').digest('hex'));
  });
  test('is null without Web Crypto', async () => {
    assert.equal(await contentSha256('abc', null), null);
  });
});

describe('history', () => {
  const store = () => {
    const m = new Map();
    return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)) };
  };
  const item = (n) => ({ question: `q${n}`, address: '', content: `q${n}`, answer: `a${n}`, state: 'done', notice: '', meta: { sources: [] } });
  test('round trip', () => {
    const s = store();
    assert.deepEqual(loadHistory(s), []);
    saveHistory(s, [item(1), item(2)]);
    assert.deepEqual(loadHistory(s), [item(1), item(2)]);
  });
  test('keeps the newest MAX_SAVED', () => {
    const s = store();
    saveHistory(s, Array.from({ length: MAX_SAVED + 5 }, (_, i) => item(i)));
    const got = loadHistory(s);
    assert.equal(got.length, MAX_SAVED);
    assert.equal(got[0].content, 'q5');
  });
  test('drops the oldest when storage is full', () => {
    const m = new Map();
    const s = { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => { if (v.length > 200) throw new Error('QuotaExceededError'); m.set(k, v); } };
    saveHistory(s, [item(1), item(2), item(3)]);
    assert.deepEqual(loadHistory(s).map((x) => x.content), ['q3']);
  });
  test('the fact check is kept with the answer, for the notice after a reload', () => {
    const s = store();
    const checks = [{ fact: 'price_usd', stated: '$4.215', value: 0.4215, source: 'DexScreener', as_of: '2026-03-01T12:00:00Z', verdict: 'contradicts' }];
    const x = { ...item(1), meta: { finishReason: 'stop', tokens: [{ token: { address: '0x5a3e6a77ba2f983ec0d371ea3b475f8bc0811ad5' } }], factChecks: checks } };
    saveHistory(s, toSaved([fromSaved(x)]));
    assert.deepEqual(loadHistory(s)[0].meta?.factChecks, checks);
  });
  test('junk is dropped', () => {
    const s = store();
    s.setItem(HISTORY_KEY, '{"not":"a list"}');
    assert.deepEqual(loadHistory(s), []);
    s.setItem(HISTORY_KEY, JSON.stringify([null, { content: 'x', state: 'weird' }, { content: '', state: 'done' }, item(1)]));
    assert.deepEqual(loadHistory(s), [item(1)]);
    s.setItem(HISTORY_KEY, 'not json');
    assert.deepEqual(loadHistory(s), []);
  });
});

describe('stripBidi (the rendered answer, source titles)', () => {
  test('drops exactly the overrides, embeddings, isolates and marks', () => {
    const bidi = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C];
    for (let cp = 0; cp <= 0x10FFFF; cp++) {
      if (cp >= 0xD800 && cp <= 0xDFFF) continue;
      const c = String.fromCodePoint(cp);
      assert.equal(stripBidi(`a${c}b`), bidi.includes(cp) ? 'ab' : `a${c}b`, `U+${cp.toString(16).toUpperCase()}`);
    }
  });
  test('an override cannot disguise a file name, a mark cannot swap two figures; the rest stays as it is', () => {
    assert.equal(stripBidi('invoice\u202Egnp.exe'), 'invoicegnp.exe');
    assert.equal(stripBidi('price $123 \u200F 456'), 'price $123  456');
    assert.equal(stripBidi('<p>\u2067\u05E9\u05DC\u05D5\u05DD\u2069 <a href="https://x.example/\u202E">x</a></p>'),
      '<p>\u05E9\u05DC\u05D5\u05DD <a href="https://x.example/">x</a></p>');
    assert.equal(stripBidi('emoji 👍🏽 zero\u200Bwidth & <b>'), 'emoji 👍🏽 zero\u200Bwidth & <b>');
  });
});

describe('search suggestions frame', () => {
  test('its first element is a CSP that loads nothing remote', () => {
    const html = '<style>.c{color:red}</style><a class="c" href="https://www.google.com/search?q=x">chip</a>';
    const doc = suggestionsDoc(html);
    const first = /^<!doctype html>(<[^>]*>)/i.exec(doc)?.[1] ?? '';
    assert.equal(first, `<meta http-equiv="Content-Security-Policy" content="${SUGGESTIONS_CSP}">`);
    const rules = Object.fromEntries(SUGGESTIONS_CSP.split(';').map((r) => r.trim().split(/\s+/)).map(([k, ...v]) => [k, v.join(' ')]));
    assert.equal(rules['default-src'], "'none'", 'nothing loads by default: no image, font, stylesheet, frame, fetch');
    assert.equal(rules['style-src'], "'unsafe-inline'", 'the provider\'s inline <style> only');
    assert.equal(rules['img-src'], 'data:', 'inline images only');
    assert.ok(!/https?:|\*|'self'/.test(SUGGESTIONS_CSP), 'no source that is remote or this origin');
    assert.ok(!SUGGESTIONS_CSP.includes('"'), 'the policy cannot end its attribute');
    assert.ok(doc.endsWith(html), 'the provider\'s HTML as given, after the head');
    assert.match(doc, /<base target="_blank">/, 'links open in a new tab');
  });
});

describe('isBlank', () => {
  test('is blank as the server defines it', () => {
    for (const s of ['', ' \n', '\u3164\u3164', '\u2800', '\u200b\u2060\ufeff', '\u0301', '\ufe0f', '\u{1D159}', '\u0378']) {
      assert.equal(isBlank(s), true, JSON.stringify(s));
    }
    for (const s of ['a', 'e\u0301', '\u{1F600}', '\u{1F469}\u200d\u{1F4BB}', '한', '\ue000', '\u0600']) {
      assert.equal(isBlank(s), false, JSON.stringify(s));
    }
  });
  test('format characters that show nothing alone are blank too, as the server counts them', () => {
    for (const s of ['\ufff9\ufffa\ufffb', '\u{13430}', '\u{1343F}']) assert.equal(isBlank(s), true, JSON.stringify(s));
  });
});

describe('questionProblem', () => {
  test('a blank or too long question says so; one the server takes, nothing', () => {
    assert.equal(questionProblem('', ''), 'Type a question first.');
    assert.equal(questionProblem('\u200b', '\u200b'), 'Type a question first.');
    assert.equal(questionProblem('ok', 'ok'), '');
    // Code points, as the server counts them: an emoji is one character.
    assert.equal(questionProblem('q', '😀'.repeat(MAX_CONTENT)), '');
    assert.equal(questionProblem('q', 'a'.repeat(MAX_CONTENT + 1)),
      `The question is too long: ${MAX_CONTENT + 1} characters, at most ${MAX_CONTENT} (with the contract address).`);
    // The limit the server serves, when it serves another.
    assert.equal(questionProblem('q', 'a'.repeat(101), 100), 'The question is too long: 101 characters, at most 100 (with the contract address).');
  });
});

describe('toSaved and fromSaved', () => {
  test('keep what ended, and give it back as the page holds it', () => {
    const done = { question: '[Contract Address: x]\n\nq', answer: 'a', complete: true, display: 'q', address: 'x', state: 'done', notice: '', meta: { sources: [] } };
    const coming = { question: 'q2', answer: 'half', complete: false, display: 'q2', address: '', state: 'streaming', notice: '', meta: null };
    const saved = toSaved([done, coming]);
    assert.deepEqual(saved, [{ question: 'q', address: 'x', content: '[Contract Address: x]\n\nq', answer: 'a', state: 'done', notice: '', meta: { sources: [] } }]);
    assert.deepEqual(fromSaved(saved[0]), done);
  });
});
