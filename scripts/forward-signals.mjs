// Runs a command in the foreground on behalf of this script (`npm start`, `npm run dev`): the
// signals a terminal or a process manager sends to this process go to the child, and this process
// ends as the child did, so that stopping it stops what it started.
import { spawn } from 'node:child_process';

export const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** How often the parent is checked for: see `start`. */
const PARENT_CHECK_MS = 250;

// Read afresh each time, process.ppid changes when the parent dies and another process adopts this one.
const parent = process.ppid;

/**
 * Starts `command` with stdio inherited; `exited` resolves with its `{ code, signal }`. SIGINT,
 * SIGTERM and SIGHUP received meanwhile are passed on to it. npm runs a script through `sh -c`,
 * and on SIGTERM it signals that shell, which dies without passing the signal on: so a parent that
 * goes away counts as a SIGTERM too (nothing else tells a process that its parent is gone).
 */
export const start = (command, args, options = {}) => {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  const watch = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(watch);
      forward('SIGTERM');
    }
  }, PARENT_CHECK_MS);
  const exited = new Promise((resolve, reject) => {
    const done = () => {
      clearInterval(watch);
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
    };
    child.on('error', (err) => {
      done();
      reject(err);
    });
    child.on('exit', (code, signal) => {
      done();
      resolve({ code, signal });
    });
  });
  return { child, stop: () => forward('SIGTERM'), exited };
};

/** `start`, resolving when the command has exited. */
export const run = (command, args, options) => start(command, args, options).exited;

/**
 * Ends this process as the child ended: with its exit code, or killed by the same signal. The
 * promise never settles: `await` it so that nothing runs while the signal arrives.
 */
export const exitLike = ({ code, signal }) => {
  if (code !== null) process.exit(code);
  // No handler of ours is left, so the signal takes its default action on this process.
  for (const name of FORWARDED_SIGNALS) process.removeAllListeners(name);
  process.kill(process.pid, signal);
  // In case the signal is ignored here (SIGHUP under nohup).
  setTimeout(() => process.exit(1), 1000);
  return new Promise(() => {});
};
