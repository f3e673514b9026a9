// Adds up the JSON reports of every test run in a folder (Vitest and Playwright) and prints the
// closing line CI reads: "N passed, N failed". CI prints it whatever stopped the run (.ci/run), so
// a run that wrote no report is named: `node scripts/test-summary.mjs DIR [EXPECTED.json …]` says
// which expected reports are missing (a stage that failed before it, or a run that crashed) and
// exits 1, as it does when a test failed or none passed.
import fs from 'node:fs';
import path from 'node:path';

const [dir = '.tmp/results', ...expected] = process.argv.slice(2);
const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
let passed = 0;
let failed = 0;
let skipped = 0;
const unreadable = [];
const outside = [];
for (const name of names) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  } catch (err) {
    unreadable.push(`${name} (${err.message})`);
    continue;
  }
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A file that failed outside its tests (it did not load, a hook threw) counts once.
    for (const file of report.testResults ?? []) {
      if (file.status !== 'failed' || file.assertionResults?.some((a) => a.status === 'failed')) continue;
      failed++;
      outside.push(`${name}: ${path.relative(process.cwd(), file.name)}: ${(file.message ?? '').split('\n')[0]}`);
    }
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    // Errors outside any test (the web server did not start, a spec did not load) count each.
    for (const error of report.errors ?? []) {
      failed++;
      outside.push(`${name}: ${(error.message ?? String(error.value ?? '')).split('\n')[0]}`);
    }
  }
}
const missing = expected.filter((name) => !names.includes(name));
if (missing.length) console.log(`No report from ${missing.join(', ')}: that run did not finish (or did not start), and its tests are not counted.`);
if (unreadable.length) console.log(`Unreadable report: ${unreadable.join(', ')}.`);
if (outside.length) console.log(`Failed outside a test (counted as failed):\n  ${outside.join('\n  ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failed > 0 || passed === 0 || missing.length || unreadable.length) process.exit(1);
