// The page: a conversation view and a form that streams answers from
// POST {apiUrl}/api/chat. See README.md for how it is built and tested.
import './style.css';
import { checkContractAddress, composeContent } from './address.js';
import { buildMessages, isBlank, stripControl, MAX_CONTENT } from './conversation.js';
import { loadConfig, DEFAULTS } from './config.js';
import { currentLock, markRetryAfter, markSubmitted, RETRY_KEY, STORAGE_KEY } from './cooldown.js';
import { loadHistory, saveHistory } from './history.js';
import { renderMarkdown } from './markdown.js';
import { finishNote, showMetadata } from './metadata.js';
import { describeHttpError, parseRetryAfter, readStream, WAIT_SENTENCE, withWait } from './protocol.js';
import { contentSha256, CONTENT_SHA256 } from './sign.js';

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const form = /** @type {HTMLFormElement} */ ($('composer'));
const addressInput = /** @type {HTMLInputElement} */ ($('address'));
const addressError = $('address-error');
const questionInput = /** @type {HTMLTextAreaElement} */ ($('question'));
const questionError = $('question-error');
const sendButton = /** @type {HTMLButtonElement} */ ($('send'));
const stopButton = /** @type {HTMLButtonElement} */ ($('stop'));
const cooldownBox = $('cooldown');
const cooldownSecondsEl = $('cooldown-seconds');
const statusEl = $('status');
const conversation = $('conversation');

/** @param {'localStorage'|'sessionStorage'} name */
const openStorage = (name) => {
  try {
    return window[name];
  } catch {
    return null;
  }
};
// localStorage: the cooldown, shared by tabs. sessionStorage: this tab's conversation.
const storage = openStorage('localStorage');
const tabStorage = openStorage('sessionStorage');

let config = { ...DEFAULTS };
/**
 * An exchange as sent (question is the content with any address prefix) and as shown.
 * @typedef {import('./conversation.js').Exchange & {display: string, address: string,
 *   state: import('./history.js').Saved['state'] | 'streaming', notice: string,
 *   meta: import('./protocol.js').Metadata | null}} ShownExchange
 */
/** @type {ShownExchange[]} */
const exchanges = [];
/** @type {AbortController | null} */
let inFlight = null;
/** @type {{exchange: ShownExchange, answer: HTMLElement} | null} the answer coming in */
let current = null;
let cooldownTimer = 0;
let wasCooling = false;
// following: the view keeps the growing answer in sight until the reader
// scrolls up to read; scrolling back to the bottom resumes it.
let following = false;
let autoTop = 0;

/** @param {string} msg */
function announce(msg) {
  statusEl.textContent = '';
  // A fresh text node so screen readers announce a repeated message too.
  setTimeout(() => (statusEl.textContent = msg), 50);
}

/** The wait before the next question may go, and what the page says of it. */
function lockNow(now = Date.now()) {
  return currentLock(storage, config.cooldownSeconds, now);
}

// updateControls reflects the lock and the request in flight; it runs on a timer while the lock lasts.
function updateControls(now = Date.now()) {
  const { left, later, sentence } = lockNow(now);
  sendButton.disabled = left > 0 || inFlight !== null;
  cooldownBox.hidden = left === 0;
  cooldownBox.toggleAttribute('data-later', later !== ''); // "after 09:00 (in about 7 hours)" in place of the seconds
  cooldownSecondsEl.textContent = String(left);
  $('cooldown-after').textContent = later;
  // Notices that name a wait say what the countdown (or the come-back time) says, tick by tick.
  for (const el of document.querySelectorAll('.notice[data-waits]')) {
    if (!el.textContent?.endsWith(sentence)) el.textContent = (el.textContent ?? '').replace(WAIT_SENTENCE, sentence);
  }
  if (left > 0 && !cooldownTimer) {
    cooldownTimer = window.setInterval(() => updateControls(), 250);
  } else if (left === 0 && cooldownTimer) {
    clearInterval(cooldownTimer);
    cooldownTimer = 0;
  }
  if (wasCooling && left === 0) announce('You can send a new question now.');
  wasCooling = left > 0;
}

const scroller = () => document.scrollingElement ?? document.documentElement;

/** followAnswer scrolls to the end of the page (the form is sticky at the
 * bottom, so the end of the answer sits just above it) while following. */
function followAnswer() {
  if (!following) return;
  const root = scroller();
  root.scrollTop = root.scrollHeight;
  autoTop = root.scrollTop;
}

window.addEventListener(
  'scroll',
  () => {
    const root = scroller();
    if (root.scrollHeight - root.scrollTop - root.clientHeight < 48) following = true;
    else if (root.scrollTop < autoTop - 8) following = false;
  },
  { passive: true },
);

/**
 * @param {HTMLElement} errorEl
 * @param {HTMLInputElement | HTMLTextAreaElement} input
 * @param {string} msg "" clears
 */
function setFieldError(errorEl, input, msg) {
  errorEl.textContent = msg;
  errorEl.hidden = msg === '';
  if (msg) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/**
 * The DOM of one question and its answer.
 * @param {string} question
 * @param {string} address
 */
function addExchange(question, address) {
  $('empty-hint')?.remove();
  const article = document.createElement('article');
  article.className = 'exchange';
  article.innerHTML = `
    <div class="user"><p class="who">You</p></div>
    <div class="answer" data-state="streaming" aria-busy="true">
      <p class="who">Assistant</p>
      <div class="markdown"></div>
    </div>`;
  const user = /** @type {HTMLElement} */ (article.querySelector('.user'));
  if (address) {
    const a = document.createElement('p');
    a.className = 'address';
    a.textContent = `Contract: ${address}`;
    user.append(a);
  }
  const text = document.createElement('p');
  text.className = 'text';
  text.textContent = question;
  user.append(text);
  conversation.append(article);
  return /** @type {HTMLElement} */ (article.querySelector('.answer'));
}

/**
 * @param {HTMLElement} answer
 * @param {'done'|'error'|'stopped'|'interrupted'} state
 * @param {string} [message]
 */
function finishAnswer(answer, state, message) {
  answer.dataset.state = state;
  answer.setAttribute('aria-busy', 'false');
  if (message) {
    const p = document.createElement('p');
    p.className = `notice ${state === 'error' || state === 'interrupted' ? 'error' : 'info'}`;
    if (state === 'error' || state === 'interrupted') p.setAttribute('role', 'alert');
    p.textContent = message;
    if (WAIT_SENTENCE.test(message)) {
      p.dataset.waits = '';
      p.textContent = message.replace(WAIT_SENTENCE, lockNow().sentence);
    }
    answer.append(p);
  }
}

/** saveConversation keeps this tab's conversation for a reload. */
function saveConversation() {
  saveHistory(tabStorage, exchanges.flatMap((x) => x.state === 'streaming' ? [] : [{
    question: x.display, address: x.address, content: x.question, answer: x.answer,
    state: x.state, notice: x.notice, meta: x.meta,
  }]));
}

/** restoreConversation shows the conversation this tab had before a reload. */
function restoreConversation() {
  conversation.setAttribute('aria-busy', 'true');
  for (const saved of loadHistory(tabStorage)) {
    /** @type {ShownExchange} */
    const x = {
      question: saved.content, answer: saved.answer, complete: saved.state === 'done',
      display: saved.question, address: saved.address, state: saved.state, notice: saved.notice, meta: saved.meta,
    };
    exchanges.push(x);
    const answer = addExchange(x.display, x.address);
    /** @type {HTMLElement} */ (answer.querySelector('.markdown')).innerHTML = renderMarkdown(x.answer);
    finishAnswer(answer, x.state, x.notice);
    if (x.meta) showMetadata(answer, x.meta);
  }
  conversation.setAttribute('aria-busy', 'false');
}

/** @param {unknown} err */
const isAbort = (err) => err instanceof DOMException && err.name === 'AbortError';

/**
 * ask sends the conversation plus content and streams the answer into view.
 * @param {string} content
 * @param {string} question
 * @param {string} address
 */
async function ask(content, question, address) {
  const messages = buildMessages(exchanges, content);
  /** @type {ShownExchange} */
  const exchange = { question: content, answer: '', complete: false, display: question, address, state: 'streaming', notice: '', meta: null };
  exchanges.push(exchange);
  const answer = addExchange(question, address);
  const markdown = /** @type {HTMLElement} */ (answer.querySelector('.markdown'));
  const controller = new AbortController();
  inFlight = controller;
  markSubmitted(storage, Date.now());
  // A keyboard user who pressed Send would lose focus to <body> when it is
  // disabled: hand it to Stop, the one thing to do while the answer comes.
  const sendHadFocus = document.activeElement === sendButton;
  stopButton.hidden = false;
  updateControls();
  if (sendHadFocus) stopButton.focus();
  following = true;
  followAnswer();

  // Re-render at most once a frame: each chunk re-parses the whole answer.
  let frame = 0;
  const render = () => {
    frame = 0;
    markdown.innerHTML = renderMarkdown(exchange.answer);
    followAnswer();
  };
  const onText = (/** @type {string} */ text) => {
    exchange.answer += text;
    if (!frame) frame = requestAnimationFrame(render);
  };
  const flush = () => {
    if (frame) cancelAnimationFrame(frame);
    render();
  };
  /**
   * end shows how the answer ended, keeps it for a reload and says it in the status region.
   * A notice that names a wait says what the countdown (or the come-back time) says now.
   * @param {import('./history.js').Saved['state']} state
   * @param {(wait: string) => string} notice "" for none
   * @param {string | ((wait: string) => string)} said what the status region says ("" for the
   *   notice); a wait it names is the notice's
   * @param {import('./protocol.js').Metadata} [meta]
   */
  const end = (state, notice, said, meta) => {
    const now = Date.now();
    updateControls(now);
    const wait = lockNow(now).sentence;
    const text = notice(wait);
    finishAnswer(answer, state, text);
    if (meta) showMetadata(answer, meta);
    Object.assign(exchange, { state, notice: text, meta: meta ?? null, complete: state === 'done' });
    saveConversation();
    announce((typeof said === 'function' ? said(wait) : said) || text);
  };
  current = { exchange, answer };

  try {
    // The hash is of these exact bytes: the body is serialised once and sent as it is.
    const body = JSON.stringify({ messages });
    /** @type {Record<string, string>} */
    const headers = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
    const hash = await contentSha256(body);
    if (hash) headers[CONTENT_SHA256] = hash;
    const res = await fetch(`${config.apiUrl}/api/chat`, {
      method: 'POST',
      headers,
      body,
      signal: controller.signal,
    });
    const type = res.headers.get('Content-Type') ?? '';
    if (!res.ok || !type.startsWith('text/event-stream') || !res.body) {
      let body = null;
      try {
        body = await res.json();
      } catch {
        // not JSON: describe by status alone
      }
      const status = res.ok ? 0 : res.status;
      // The lock is the longer of the cooldown left and the server's Retry-After; the notice
      // names that same number.
      const retryAfter = parseRetryAfter(res.headers.get('Retry-After'), Date.now());
      if (retryAfter) markRetryAfter(storage, retryAfter, Date.now());
      end('error', (wait) => describeHttpError(status, body, wait), '');
      return;
    }
    const outcome = await readStream(res.body, onText);
    flush();
    if (outcome.kind === 'done') {
      const note = finishNote(outcome.meta.finishReason);
      end('done', () => '', note ? `Answer cut off. ${note}` : 'Answer finished.', outcome.meta);
    } else if (outcome.kind === 'error') {
      end('error', (wait) => `Error: ${withWait(outcome.message, wait)}`, (wait) => `Answer cut off by an error: ${withWait(outcome.message, wait)}`);
    } else {
      const msg = 'The answer was interrupted: the connection closed before it finished.';
      end('interrupted', (wait) => withWait(msg, wait), (wait) => `Answer cut off. ${withWait(msg, wait)}`);
    }
  } catch (err) {
    flush();
    if (controller.signal.aborted || isAbort(err)) {
      end('stopped', () => 'Stopped.', 'Answer stopped.');
    } else if (exchange.answer) {
      const msg = 'The answer was interrupted: the connection broke before it finished.';
      end('interrupted', (wait) => withWait(msg, wait), (wait) => `Answer cut off. ${withWait(msg, wait)}`);
    } else {
      end('error', (wait) => `Could not reach the chat service. Check your connection. ${wait}`, '');
    }
  } finally {
    current = null;
    followAnswer(); // the notices, sources and suggestions added at the end
    following = false;
    inFlight = null;
    const hadFocus = document.activeElement === stopButton;
    stopButton.hidden = true;
    if (hadFocus) questionInput.focus();
    updateControls();
  }
}

/** submit validates the form and asks, unless the cooldown forbids it. */
function submit() {
  const lock = lockNow();
  if (inFlight) {
    announce('An answer is still coming. Press Stop (or Escape) to end it.');
    return;
  }
  if (lock.left > 0) {
    announce(lock.blocked);
    updateControls();
    return;
  }
  const address = addressInput.value.trim();
  const question = stripControl(questionInput.value).trim();
  const addrMsg = address ? checkContractAddress(address) : '';
  setFieldError(addressError, addressInput, addrMsg);
  let qMsg = '';
  const content = composeContent(question, address);
  if (!question || isBlank(question)) qMsg = 'Type a question first.';
  else {
    // Characters as the server counts them: code points, not UTF-16 units.
    const chars = Array.from(content).length;
    if (chars > MAX_CONTENT) {
      qMsg = `The question is too long: ${chars} characters, at most ${MAX_CONTENT} (with the contract address).`;
    }
  }
  setFieldError(questionError, questionInput, qMsg);
  // The first field in the page's order that needs fixing gets the focus.
  if (qMsg) return questionInput.focus();
  if (addrMsg) return addressInput.focus();
  questionInput.value = '';
  void ask(content, question, address);
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  submit();
});
questionInput.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
    e.preventDefault();
    submit();
  }
});
addressInput.addEventListener('input', () => setFieldError(addressError, addressInput, ''));
questionInput.addEventListener('input', () => setFieldError(questionError, questionInput, ''));
stopButton.addEventListener('click', () => inFlight?.abort());
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && inFlight) {
    e.preventDefault();
    inFlight.abort();
  }
});
window.addEventListener('storage', (e) => {
  if (e.key === STORAGE_KEY || e.key === RETRY_KEY) updateControls();
});
// Leaving (or reloading) while an answer comes: keep what arrived, marked as interrupted.
window.addEventListener('pagehide', () => {
  if (!current) return;
  Object.assign(current.exchange, { state: 'interrupted', notice: 'The answer was interrupted: the page was left before it finished.' });
  saveConversation();
});
// A change to lastSubmitTime in this very tab fires no storage event: look again every second.
window.setInterval(() => updateControls(), 1000);

sendButton.disabled = true;
restoreConversation();
config = await loadConfig();
$('demo-banner').hidden = !config.demo;
document.documentElement.dataset.ready = 'true';
updateControls();
