// `npm start`: builds the web app and the server bundle when their sources are newer than the
// builds, then serves the console and the API from one process (PGlite under ./data unless
// DATABASE_URL is set). Arguments pass through (e.g. `npm start -- --no-demo`).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const newestMtime = (p) => {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newestMtime(path.join(p, name))));
};

const stale = (output, sources) => {
  const full = path.join(root, output);
  const builtAt = fs.existsSync(full) ? fs.statSync(full).mtimeMs : 0;
  return builtAt < Math.max(...sources.map(newestMtime));
};

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (stale('apps/web/dist/index.html', ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'])) {
  console.log('building the web app…');
  run('npm', ['run', 'build', '-w', '@ads/web']);
}
if (stale('apps/server/dist/server.mjs', ['apps/server/src', 'packages/contracts/src'])) {
  console.log('building the server…');
  run(process.execPath, ['scripts/build-server.mjs']);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.mjs'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
