// The DOM of the page: the conversation (each question and its answer as it streams and
// ends, with its notice and metadata), the form's controls and field errors, the status
// region, focus, and the view following a growing answer. No requests and no storage here.
import { renderMarkdown } from './markdown.js';
import { showMetadata } from './metadata.js';
import { WAIT_SENTENCE } from './wait.js';

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The form's elements, for main.js to wire. */
export const ui = {
  form: /** @type {HTMLFormElement} */ ($('composer')),
  addressInput: /** @type {HTMLInputElement} */ ($('address')),
  questionInput: /** @type {HTMLTextAreaElement} */ ($('question')),
  sendButton: /** @type {HTMLButtonElement} */ ($('send')),
  stopButton: /** @type {HTMLButtonElement} */ ($('stop')),
};
const errors = { address: $('address-error'), question: $('question-error') };
const conversation = $('conversation');
const statusEl = $('status');

// following: the view keeps the growing answer in sight until the reader
// scrolls up to read; scrolling back to the bottom resumes it.
let following = false;
let autoTop = 0;

/** @param {string} msg what the status region says */
export function announce(msg) {
  statusEl.textContent = '';
  // A fresh text node so screen readers announce a repeated message too.
  setTimeout(() => (statusEl.textContent = msg), 50);
}

/**
 * showLock reflects the lock (the wait before the next question) and a request in flight.
 * @param {import('./wait.js').Lock} lock
 * @param {boolean} busy an answer is coming
 * @param {boolean} [unknown] the question is sent and no answer has begun: the wait that follows
 *   (the cooldown, or a refusal's Retry-After alone) is not known, so no wait is shown yet
 */
export function showLock({ left, later, sentence }, busy, unknown = false) {
  ui.sendButton.disabled = left > 0 || busy;
  const box = $('cooldown');
  box.hidden = left === 0 || unknown;
  if (unknown) return;
  box.toggleAttribute('data-later', later !== ''); // "after 09:00 (in about 7 hours)" in place of the seconds
  $('cooldown-seconds').textContent = String(left);
  $('cooldown-after').textContent = later;
  // Notices that name a wait say what the countdown (or the come-back time) says, tick by tick.
  for (const el of document.querySelectorAll('.notice[data-waits]')) {
    if (!el.textContent?.endsWith(sentence)) el.textContent = (el.textContent ?? '').replace(WAIT_SENTENCE, sentence);
  }
}

/**
 * fieldError shows msg next to its field ("" clears).
 * @param {'address' | 'question'} field
 * @param {string} msg
 */
function fieldError(field, msg) {
  const input = field === 'address' ? ui.addressInput : ui.questionInput;
  errors[field].textContent = msg;
  errors[field].hidden = msg === '';
  if (msg) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/**
 * showProblems shows what is wrong with each field ("" for nothing) and focuses the first
 * field, in the page's order, that needs fixing; true when none does.
 * @param {{address: string, question: string}} problems
 */
export function showProblems(problems) {
  fieldError('address', problems.address);
  fieldError('question', problems.question);
  if (problems.question) ui.questionInput.focus();
  else if (problems.address) ui.addressInput.focus();
  return !problems.question && !problems.address;
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

/** onScroll follows the answer again at the bottom, and stops when the reader scrolls up. */
function onScroll() {
  const root = scroller();
  if (root.scrollHeight - root.scrollTop - root.clientHeight < 48) following = true;
  else if (root.scrollTop < autoTop - 8) following = false;
}

/**
 * addExchange adds the DOM of one question and its answer, still streaming.
 * @param {string} question
 * @param {string} address
 * @returns {HTMLElement} the answer
 */
export function addExchange(question, address) {
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
 * streamInto renders an answer's text as it grows, at most once a frame: each render
 * re-parses the whole answer.
 * @param {HTMLElement} answer
 */
export function streamInto(answer) {
  const markdown = /** @type {HTMLElement} */ (answer.querySelector('.markdown'));
  let frame = 0;
  let text = '';
  const render = () => {
    frame = 0;
    markdown.innerHTML = renderMarkdown(text);
    followAnswer();
  };
  return {
    /** @param {string} all the answer's text so far */
    update(all) {
      text = all;
      if (!frame) frame = requestAnimationFrame(render);
    },
    /** flush renders now what has come. */
    flush() {
      if (frame) cancelAnimationFrame(frame);
      render();
    },
  };
}

/**
 * finishAnswer shows how an answer ended, with its notice and what d: brought.
 * @param {HTMLElement} answer
 * @param {'done'|'error'|'stopped'|'interrupted'} state
 * @param {string} message the notice, "" for none; a wait it names becomes wait()'s
 * @param {() => string} wait what the page says of the wait now
 * @param {import('./protocol.js').Metadata | null} [meta]
 */
export function finishAnswer(answer, state, message, wait, meta) {
  answer.dataset.state = state;
  answer.setAttribute('aria-busy', 'false');
  if (message) {
    const p = document.createElement('p');
    p.className = `notice ${state === 'error' || state === 'interrupted' ? 'error' : 'info'}`;
    if (state === 'error' || state === 'interrupted') p.setAttribute('role', 'alert');
    p.textContent = message;
    if (WAIT_SENTENCE.test(message)) {
      p.dataset.waits = '';
      p.textContent = message.replace(WAIT_SENTENCE, wait());
    }
    answer.append(p);
  }
  if (meta) showMetadata(answer, meta);
}

/**
 * showSaved shows the conversation kept from before a reload, rendered as it was.
 * @param {import('./history.js').ShownExchange[]} shown
 * @param {() => string} wait what the page says of the wait now
 */
export function showSaved(shown, wait) {
  conversation.setAttribute('aria-busy', 'true');
  for (const x of shown) {
    const answer = addExchange(x.display, x.address);
    /** @type {HTMLElement} */ (answer.querySelector('.markdown')).innerHTML = renderMarkdown(x.answer);
    finishAnswer(answer, /** @type {import('./history.js').Saved['state']} */ (x.state), x.notice, wait, x.meta);
  }
  conversation.setAttribute('aria-busy', 'false');
}

/**
 * beginAnswer shows Stop while an answer comes and follows it. A keyboard user who pressed
 * Send would lose focus to <body> when it is disabled (refresh does): Stop gets it, the one
 * thing to do while the answer comes.
 * @param {() => void} refresh updates the controls (disables Send)
 */
export function beginAnswer(refresh) {
  const sendHadFocus = document.activeElement === ui.sendButton;
  ui.stopButton.hidden = false;
  refresh();
  if (sendHadFocus) ui.stopButton.focus();
  following = true;
  followAnswer();
}

/**
 * endAnswer brings the end of the answer into view (its notices, sources and suggestions), or,
 * when that would hide the top of its first token card (its verdict) or of its choices, that
 * top; only while the view follows the answer. It hides Stop and hands its focus back to the
 * question.
 * @param {HTMLElement} [answer]
 */
export function endAnswer(answer) {
  followAnswer();
  const top = following ? answer?.querySelector('.token-card, .token-choices') : null;
  if (top) {
    // The form is sticky at the bottom: the end of the answer sits above it, so only the top
    // of the screen can hide the card's top.
    const above = top.getBoundingClientRect().top - 8;
    if (above < 0) scroller().scrollTop += above;
  }
  following = false;
  const hadFocus = document.activeElement === ui.stopButton;
  ui.stopButton.hidden = true;
  if (hadFocus) ui.questionInput.focus();
}

/**
 * wire calls submit when the reader sends the form (Send, or Enter without Shift), stop on
 * Stop or Escape and choose on a token's choice; typing in a field clears its error; scrolling
 * decides whether the view follows.
 * @param {{submit: () => void, stop: () => boolean, choose: (button: HTMLButtonElement) => void}} on
 *   stop aborts the answer coming, if any, and says whether there was one; choose asks about
 *   the token of a choice under an answer (choices.js)
 */
export function wire({ submit, stop, choose }) {
  ui.form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit();
  });
  ui.questionInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      submit();
    }
  });
  ui.addressInput.addEventListener('input', () => fieldError('address', ''));
  ui.questionInput.addEventListener('input', () => fieldError('question', ''));
  ui.stopButton.addEventListener('click', () => stop());
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && stop()) e.preventDefault();
  });
  window.addEventListener('scroll', onScroll, { passive: true });
  conversation.addEventListener('click', (e) => {
    const pick = e.target instanceof Element ? e.target.closest('button.tk-pick') : null;
    if (pick) choose(/** @type {HTMLButtonElement} */ (pick));
  });
}

/** @param {boolean} demo whether the answers are scripted */
export function showReady(demo) {
  $('demo-banner').hidden = !demo;
  document.documentElement.dataset.ready = 'true';
}
