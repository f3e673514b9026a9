// `npm run dev`, in one terminal: the API with reload on change (on PORT, 8080 unless set) and
// Vite's dev server (port 5173), which proxies the server's paths to it (apps/web/vite.config.ts).
// The page to open is Vite's: the server's ready line names it. Ctrl+C stops both.
import { createRequire } from 'node:module';
import path from 'node:path';
import { exitLike, start } from './forward-signals.mjs';

const root = path.resolve(import.meta.dirname, '..');
const VITE_PORT = 5173;
// Vite itself rather than `npm run dev -w @ads/web`: npm runs a script through a shell that a
// SIGTERM ends without passing it on, which would leave Vite running.
const viteBin = path.join(path.dirname(createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json')), 'bin/vite.js');

const children = [
  start(
    process.execPath,
    ['--import', 'tsx', '--watch', 'apps/server/src/server.ts', '--open-at', `http://localhost:${VITE_PORT}`, ...process.argv.slice(2)],
    { cwd: root },
  ),
  // A fixed port (fail rather than move), so that the address the server prints is right.
  start(process.execPath, [viteBin, '--port', String(VITE_PORT), '--strictPort'], { cwd: path.join(root, 'apps/web') }),
];
// When one stops (Ctrl+C, a crash, a port in use), the other is stopped too.
const first = await Promise.race(children.map((c) => c.exited));
children.forEach((c) => c.stop());
await Promise.all(children.map((c) => c.exited));
await exitLike(first);
