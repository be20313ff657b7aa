// What the server accepts, as the page must know it before it sends: the limits of a request,
// the characters it refuses, what counts as blank, and its error texts by status. They are the
// server's (pkg/chat: DefaultLimits and checkContent in request.go, isBlank in text.go, the
// Msg* texts in errors.go); internal/repocheck/pagelimits_test.go reads this file and fails
// when they drift apart. Keep each value a plain literal on its own line, as that test reads it.

/** MAX_MESSAGES is the server's limit on messages per request (DefaultLimits.MaxMessages). */
export const MAX_MESSAGES = 50;
/** MAX_CONTENT is the server's limit on characters per message (DefaultLimits.MaxContentChars). */
export const MAX_CONTENT = 16000;
/** MAX_BODY_BYTES keeps a request under the server's 256 KiB body limit, with room to spare. */
export const MAX_BODY_BYTES = 250 * 1024;
/** BODY_SPARE is that room, kept under a body limit the server serves in config.json. */
export const BODY_SPARE = 6 * 1024;

/** SPEC_ERRORS are the spec's error texts by status (the server's Msg*), for a body that carries none. */
export const SPEC_ERRORS = /** @type {Record<number, string>} */ (Object.freeze({
  400: 'Invalid request format',
  401: 'API key not configured',
  429: 'Rate limit exceeded',
  500: 'AI service error',
}));

// Cc characters except \t \n \r: what the server refuses.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * stripControl removes the control characters the server refuses; they are
 * invisible, so dropping them never changes what the user meant.
 * @param {string} s
 */
export function stripControl(s) {
  return s.replace(CONTROL, '');
}

/**
 * BLANK matches text a reader cannot see, as the server defines it: white space, default
 * ignorable code points (zero-width characters, fillers such as U+3164), the braille blank,
 * the null notehead, unassigned code points, marks with no letter, and the format characters
 * that are not default ignorable but show nothing alone either (the interlinear annotation
 * characters, the Egyptian hieroglyph format controls).
 */
const BLANK = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{Cn}\u2800\u115F\u1160\u3164\uFFA0\u{1D159}\uFFF9-\uFFFB\u{13430}-\u{1343F}]*$/u;

/**
 * isBlank reports whether s shows nothing: the server refuses such a question.
 * @param {string} s
 */
export function isBlank(s) {
  return BLANK.test(s);
}

/**
 * questionProblem is what the page says of a question the server would refuse, or "".
 * @param {string} question the question as typed, control characters stripped and trimmed
 * @param {string} content what is sent: the question with any contract-address prefix
 * @param {number} maxContent the server's limit on characters per message
 */
export function questionProblem(question, content, maxContent = MAX_CONTENT) {
  if (!question || isBlank(question)) return 'Type a question first.';
  // Characters as the server counts them: code points, not UTF-16 units.
  const chars = Array.from(content).length;
  return chars > maxContent ? `The question is too long: ${chars} characters, at most ${maxContent} (with the contract address).` : '';
}
