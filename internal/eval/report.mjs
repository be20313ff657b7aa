// Prints promptfoo's results as one line per case and the pass rate, and exits non-zero
// when the pass rate is below EVAL_THRESHOLD percent (default 80) or any case errored
// without an answer.
//
//	node report.mjs results.json
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const { results } = JSON.parse(readFileSync(file, 'utf8'));
const threshold = Number(process.env.EVAL_THRESHOLD ?? 80);
const rows = results.results.map((r) => {
  const name = r.testCase?.description || r.description || '(unnamed)';
  const verdict = r.success ? 'pass' : r.error && !r.response?.output ? 'ERROR' : 'FAIL';
  const reasons = (r.gradingResult?.componentResults || []).filter((c) => !r.success ? !c.pass : true).map((c) => c.reason).filter(Boolean);
  const reason = r.success ? reasons.join('; ') : (r.error && !r.response?.output ? r.error : reasons.join('; ') || r.error || '');
  return { name, verdict, reason: String(reason).replace(/\s+/g, ' ').slice(0, 160) };
});
const width = Math.max(...rows.map((r) => r.name.length), 4);
console.log(`${'case'.padEnd(width)}  result  why`);
for (const r of rows) console.log(`${r.name.padEnd(width)}  ${r.verdict.padEnd(6)}  ${r.reason}`);
const passed = rows.filter((r) => r.verdict === 'pass').length;
const rate = rows.length ? (100 * passed) / rows.length : 0;
console.log(`\npass rate: ${passed}/${rows.length} = ${rate.toFixed(1)}% (threshold ${threshold}%)`);
if (rows.length === 0 || rate < threshold) {
  console.log('eval: FAILED: the pass rate is below the threshold');
  process.exit(1);
}
console.log('eval: ok');
