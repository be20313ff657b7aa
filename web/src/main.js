// The page's wiring: the form and its events, the cooldown, the conversation kept for a
// reload, one request at a time (request.js) and its outcome shown (view.js). See README.md
// for how it is built and tested.
import './style.css';
import { checkContractAddress, composeContent } from './address.js';
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
