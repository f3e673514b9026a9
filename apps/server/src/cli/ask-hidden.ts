import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { StartupError } from '../startup-error';

/**
 * Asks questions on the terminal without echoing the answers (passwords). Readline in terminal
 * mode turns the terminal's own echo off and echoes by writing to its output, which is muted while
 * an answer is typed. One interface serves every question: lines piped in together are not lost.
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
  let pending: ((err: Error) => void) | undefined;
  rl.on('SIGINT', () => rl.close());
  rl.on('close', () => pending?.(new StartupError('\nCancelled: no user was created.')));

  const ask = (question: string) =>
    new Promise<string>((resolve, reject) => {
      pending = reject;
      rl.question(question, (answer) => {
        pending = undefined;
        muted = false;
        output.write('\n'); // the Enter was not echoed either
        resolve(answer);
      });
      muted = true; // the question is written; what follows is typed
    });
  return { ask, close: () => rl.close() };
};
