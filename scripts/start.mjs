// `npm start`: builds the web app and the server bundle when their sources are newer than the
// builds, then serves the console and the API from one process (PGlite under ./data unless
// DATABASE_URL is set). Arguments pass through (e.g. `npm start -- --no-demo`).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { exitLike, run } from './forward-signals.mjs';

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

// A port in use is said before the builds, which take a while when sources changed (the server
// checks again, with HOST as it reads it). Only a plain port number is checked here: anything else
// is the server's configuration error to report. 127.0.0.1 unless HOST is set: whatever the server
// listens on, a port taken there is taken for it too.
const port = process.env.PORT ?? '8080';
if (/^\d{1,5}$/.test(port) && Number(port) > 0 && Number(port) <= 65535) {
  const probe = net.createServer();
  const inUse = await new Promise((resolve) => {
    probe.once('error', (err) => resolve(err.code === 'EADDRINUSE'));
    probe.listen({ port: Number(port), host: process.env.HOST || '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(false)));
  });
  if (inUse) {
    console.error(`Port ${Number(port)} is already in use: stop what uses it, or set PORT to another port.`);
    process.exit(1);
  }
}

// Each step in the foreground: a signal stops the step under way (forward-signals.mjs), and a
// step that fails or is stopped ends this script the same way.
const step = async (command, args) => {
  const result = await run(command, args, { cwd: root });
  if (result.code !== 0) await exitLike(result);
};

if (stale('apps/web/dist/index.html', ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'])) {
  console.log('building the web app…');
  await step('npm', ['run', 'build', '-w', '@ads/web']);
}
if (stale('apps/server/dist/server.mjs', ['apps/server/src', 'packages/contracts/src'])) {
  console.log('building the server…');
  await step(process.execPath, ['scripts/build-server.mjs']);
}

// The server closes on SIGTERM, SIGINT and SIGHUP (releasing the data directory), then exits.
await exitLike(await run(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.mjs'), ...process.argv.slice(2)], { cwd: root }));
