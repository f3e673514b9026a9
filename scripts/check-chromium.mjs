// `npm test` runs this first: the end-to-end suite drives Chromium (CHROMIUM_PATH, or Debian's
// /usr/bin/chromium: e2e/playwright.config.ts), and it runs last, after the unit, component and
// server suites. A machine without it learns so now, not when those are done.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const fromEnv = process.env.CHROMIUM_PATH;
const chromium = fromEnv || '/usr/bin/chromium';
const named = fromEnv ? `CHROMIUM_PATH=${fromEnv}` : '/usr/bin/chromium';

const fail = (why) => {
  console.error(`npm test needs Chromium for its end-to-end suite: ${why}
  On Debian: sudo apt-get install chromium
  Or point CHROMIUM_PATH at a Chromium or Chrome binary: CHROMIUM_PATH=/path/to/chrome npm test`);
  process.exit(1);
};

let stat;
try {
  stat = fs.statSync(chromium);
} catch {
  fail(`${named} does not exist.`);
}
if (!stat.isFile()) fail(`${named} is not a file.`);
try {
  fs.accessSync(chromium, fs.constants.X_OK);
} catch {
  fail(`${named} is not executable.`);
}
// A binary that is there but cannot start (a missing library, a stub of another package manager)
// fails here too. Generous limit: the first start on a busy machine is slow.
const run = spawnSync(chromium, ['--version'], { encoding: 'utf8', timeout: 60_000 });
if (run.error || run.status !== 0) {
  const said = (run.stderr || run.stdout || run.error?.message || '').split('\n').map((line) => line.trim()).filter(Boolean).slice(-3).join('\n  ');
  fail(`${named} --version failed${said ? `:\n  ${said}` : '.'}`);
}
console.log(`Chromium for the end-to-end suite: ${run.stdout.trim()} (${named})`);
