import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { StartupError } from '../startup-error';

/**
 * Asks questions on the terminal without echoing the answers (passwords). Readline in terminal
 * mode turns the terminal's own echo off and echoes by writing to its output, which is muted while
 * an answer is typed. One interface reads every line, and a line that comes before its question
 * is kept for it: lines piped in together (`printf 'pw\npw\n' | …`) arrive at once.
 */
export const hiddenPrompt = (input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stdout) => {
  let muted = false;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) output.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input, output: sink, terminal: Boolean(input.isTTY) });
  const lines: string[] = [];
  let closed = false;
  let waiting: { resolve: (line: string) => void; reject: (err: Error) => void } | undefined;
  const cancelled = () => new StartupError('\nCancelled: no user was created.');

  rl.on('line', (line) => {
    if (!waiting) return void lines.push(line);
    const { resolve } = waiting;
    waiting = undefined;
    resolve(line);
  });
  rl.on('SIGINT', () => rl.close());
  rl.on('close', () => {
    closed = true;
    waiting?.reject(cancelled());
    waiting = undefined;
  });

  const answer = (): Promise<string> => {
    const line = lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (closed) return Promise.reject(cancelled());
    return new Promise((resolve, reject) => (waiting = { resolve, reject }));
  };
  const ask = async (question: string) => {
    output.write(question);
    muted = true; // the question is written; what follows is typed
    try {
      const line = await answer();
      output.write('\n'); // the Enter was not echoed either
      return line;
    } finally {
      muted = false;
    }
  };
  return { ask, close: () => rl.close() };
};
