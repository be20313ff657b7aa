// The page's wiring: the form and its events, the cooldown, the conversation kept for a
// reload, one request at a time (request.js) and its outcome shown (view.js). See README.md
// for how it is built and tested.
import './style.css';
import { checkContractAddress, composeContent } from './address.js';
import { loadConfig, DEFAULTS } from './config.js';
import { currentLock, markRetryAfter, markSubmitted, RETRY_KEY, STORAGE_KEY } from './cooldown.js';
import { fromSaved, loadHistory, openStorage, saveHistory, toSaved } from './history.js';
import { questionProblem, stripControl } from './limits.js';
import { describeOutcome, LEFT_NOTICE, send } from './request.js';
import * as view from './view.js';

const { addressInput, questionInput, sendButton } = view.ui;

// localStorage: the cooldown, shared by tabs. sessionStorage: this tab's conversation.
const storage = openStorage('localStorage');
const tabStorage = openStorage('sessionStorage');

let config = { ...DEFAULTS };
/** @type {import('./history.js').ShownExchange[]} */
const exchanges = [];
/** @type {AbortController | null} */
let inFlight = null;
/** @type {import('./history.js').ShownExchange | null} the exchange whose answer is coming */
let current = null;
let cooldownTimer = 0;
let wasCooling = false;

/** The wait before the next question may go, and what the page says of it. */
const lockNow = (now = Date.now()) => currentLock(storage, config.cooldownSeconds, now);
const waitNow = () => lockNow().sentence;
const saveConversation = () => saveHistory(tabStorage, toSaved(exchanges));

// updateControls reflects the lock and the request in flight; it runs on a timer while the lock lasts.
function updateControls(now = Date.now()) {
  const lock = lockNow(now);
  view.showLock(lock, inFlight !== null);
  if (lock.left > 0 && !cooldownTimer) {
    cooldownTimer = window.setInterval(() => updateControls(), 250);
  } else if (lock.left === 0 && cooldownTimer) {
    clearInterval(cooldownTimer);
    cooldownTimer = 0;
  }
  if (wasCooling && lock.left === 0) view.announce('You can send a new question now.');
  wasCooling = lock.left > 0;
}

/**
 * ask sends the conversation plus content, streams the answer into view and shows, keeps and
 * announces how it ended.
 * @param {string} content
 * @param {string} question
 * @param {string} address
 */
async function ask(content, question, address) {
  /** @type {import('./history.js').ShownExchange} */
  const exchange = { question: content, answer: '', complete: false, display: question, address, state: 'streaming', notice: '', meta: null };
  exchanges.push(exchange); // left out of the request: its answer is not complete
  const answer = view.addExchange(question, address);
  const stream = view.streamInto(answer);
  const controller = new AbortController();
  inFlight = controller;
  current = exchange;
  markSubmitted(storage, Date.now());
  view.beginAnswer(() => updateControls());
  try {
    const outcome = await send({
      apiUrl: config.apiUrl, limits: config.limits, exchanges, content, signal: controller.signal,
      onText: (text) => stream.update((exchange.answer += text)),
    });
    // The lock is the longer of the cooldown left and the server's Retry-After; the notice names it.
    if (outcome.kind === 'http-error') {
      if (outcome.retryAfter) markRetryAfter(storage, outcome.retryAfter, Date.now());
    } else stream.flush();
    const now = Date.now();
    updateControls(now);
    const { state, notice, said } = describeOutcome(outcome, lockNow(now).sentence);
    const meta = outcome.kind === 'done' ? outcome.meta : null;
    view.finishAnswer(answer, state, notice, waitNow, meta);
    Object.assign(exchange, { state, notice, meta, complete: state === 'done' });
    saveConversation();
    view.announce(said);
  } finally {
    current = null;
    view.endAnswer();
    inFlight = null;
    updateControls();
  }
}

/** submit validates the form and asks, unless the cooldown forbids it. */
function submit() {
  const lock = lockNow();
  if (inFlight) return view.announce('An answer is still coming. Press Stop (or Escape) to end it.');
  if (lock.left > 0) {
    view.announce(lock.blocked);
    return updateControls();
  }
  const address = addressInput.value.trim();
  const question = stripControl(questionInput.value).trim();
  const content = composeContent(question, address);
  const problems = { address: address ? checkContractAddress(address) : '', question: questionProblem(question, content, config.limits.maxContent) };
  if (!view.showProblems(problems)) return;
  questionInput.value = '';
  void ask(content, question, address);
}

view.wire({
  submit,
  stop: () => {
    inFlight?.abort();
    return inFlight !== null;
  },
});
window.addEventListener('storage', (e) => {
  if (e.key === STORAGE_KEY || e.key === RETRY_KEY) updateControls();
});
// Leaving (or reloading) while an answer comes: keep what arrived, marked as interrupted.
window.addEventListener('pagehide', () => {
  if (!current) return;
  Object.assign(current, { state: 'interrupted', notice: LEFT_NOTICE });
  saveConversation();
});
// A change to lastSubmitTime in this very tab fires no storage event: look again every second.
window.setInterval(() => updateControls(), 1000);

sendButton.disabled = true;
exchanges.push(...loadHistory(tabStorage).map(fromSaved));
view.showSaved(exchanges, waitNow);
config = await loadConfig();
view.showReady(config.demo);
updateControls();
