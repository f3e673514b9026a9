// `npm run dev`: the API with reload on change (port 8080) and Vite's dev server (port 5173),
// which proxies /api to it. The page to open is Vite's: the server's ready line names it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const VITE_PORT = 5173;
const children = [
  spawn(
    process.execPath,
    ['--import', 'tsx', '--watch', 'apps/server/src/server.ts', '--open-at', `http://localhost:${VITE_PORT}`, ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit' },
  ),
  // A fixed port (fail rather than move), so that the address the server prints is right.
  spawn('npm', ['run', 'dev', '-w', '@ads/web', '--', '--port', String(VITE_PORT), '--strictPort'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
