// The page's wiring: the form and its events, the cooldown, the conversation kept for a
// reload, one request at a time (request.js) and its outcome shown (view.js). See README.md
// for how it is built and tested.
import './style.css';
import { checkContractAddress, composeContent } from './address.js';
import { CHOICE_QUESTION, markWaiting, waitLabel } from './choices.js';
import { loadConfig, DEFAULTS } from './config.js';
import { currentLock, markRefused, markRetryAfter, markSubmitted, RETRY_KEY, STORAGE_KEY } from './cooldown.js';
import { fromSaved, loadHistory, openStorage, saveHistory, toSaved } from './history.js';
import { questionProblem, stripControl } from './limits.js';
import { describeOutcome, LEFT_NOTICE, refusedFor, send } from './request.js';
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
/** the question is sent and its answer has not begun: which wait follows is not known yet */
let awaiting = false;
let cooldownTimer = 0;
let wasCooling = false;
/** @type {HTMLButtonElement | null} the token chosen under an answer, waiting for the lock to end */
let queued = null;

/** The wait before the next question may go, and what the page says of it. */
const lockNow = (now = Date.now()) => currentLock(storage, config.cooldownSeconds, now);
const waitNow = () => lockNow().sentence;
const saveConversation = () => saveHistory(tabStorage, toSaved(exchanges));

// updateControls reflects the lock and the request in flight; it runs on a timer while the lock lasts.
function updateControls(now = Date.now()) {
  const lock = lockNow(now);
  view.showLock(lock, inFlight !== null, awaiting);
  if (lock.left > 0 && !cooldownTimer) {
    cooldownTimer = window.setInterval(() => updateControls(), 250);
  } else if (lock.left === 0 && cooldownTimer) {
    clearInterval(cooldownTimer);
    cooldownTimer = 0;
  }
  if (queued && lock.left === 0 && !inFlight) return askChoice(queued);
  if (queued) markWaiting(queued, waitLabel(lock, inFlight !== null));
  if (wasCooling && lock.left === 0) view.announce('You can send a new question now.');
  wasCooling = lock.left > 0;
}

/** unqueue forgets the chosen token waiting, if any. */
function unqueue() {
  if (queued) markWaiting(queued, '');
  queued = null;
}

/** askChoice asks about the chosen token's address, as a typed question with that address would. @param {HTMLButtonElement} button */
function askChoice(button) {
  unqueue();
  const address = button.dataset.address ?? '';
  if (checkContractAddress(address)) return; // choices.js offers none such
  void ask(composeContent(CHOICE_QUESTION, address), CHOICE_QUESTION, address);
}

/**
 * choose asks about a token chosen under an answer now, or when the wait before the next
 * question (and the answer coming) ends: one choice waits at a time, the latest.
 * @param {HTMLButtonElement} button
 */
function choose(button) {
  const lock = lockNow();
  if (lock.left === 0 && !inFlight) return askChoice(button);
  if (queued !== button) unqueue();
  queued = button;
  const label = waitLabel(lock, inFlight !== null);
  markWaiting(button, label);
  view.announce(`Chosen: ${button.querySelector('.tk-names')?.textContent ?? 'a token'}. ${label.replace(/…$/, '.')}`);
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
  const submitted = markSubmitted(storage, Date.now());
  // Until the answer begins the page does not know whether the cooldown or a refusal's wait follows.
  awaiting = true;
  view.beginAnswer(() => updateControls());
  try {
    const outcome = await send({
      apiUrl: config.apiUrl, limits: config.limits, exchanges, content, signal: controller.signal,
      onText: (text) => stream.update((exchange.answer += text)),
      onAnswer: () => {
        awaiting = false;
        updateControls();
      },
    });
    awaiting = false;
    // A refusal (429) before any answer: its Retry-After alone. Else the lock is the longer of
    // the cooldown left and a Retry-After. One lock, read once: the notice, the countdown and
    // what is announced name the same wait.
    const refused = refusedFor(outcome);
    if (refused !== null) markRefused(storage, submitted, refused, Date.now());
    else if (outcome.kind === 'http-error') {
      if (outcome.retryAfter) markRetryAfter(storage, outcome.retryAfter, Date.now());
    } else stream.flush();
    const now = Date.now();
    updateControls(now);
    const { sentence } = lockNow(now);
    const { state, notice, said } = describeOutcome(outcome, sentence);
    const meta = outcome.kind === 'done' ? outcome.meta : null;
    view.finishAnswer(answer, state, notice, () => sentence, meta);
    Object.assign(exchange, { state, notice, meta, complete: state === 'done' });
    saveConversation();
    view.announce(said);
  } finally {
    current = null;
    awaiting = false;
    view.endAnswer(answer);
    inFlight = null;
    updateControls();
  }
}

/** submit validates the form and asks, unless the cooldown forbids it. */
function submit() {
  // A question of one's own replaces the chosen token waiting.
  const replaced = queued !== null && questionInput.value.trim() !== '';
  if (replaced) unqueue();
  const said = (/** @type {string} */ msg) => view.announce(replaced ? `${msg} The token you chose will not be asked about.` : msg);
  const lock = lockNow();
  if (inFlight) return said('An answer is still coming. Press Stop (or Escape) to end it.');
  if (lock.left > 0) {
    said(lock.blocked);
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
  choose,
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
