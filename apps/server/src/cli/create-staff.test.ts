import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSource, SERVER_ROOT, watch } from '../test/run-process';

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

describe('create-staff', () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks for the password on a terminal without showing what is typed', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-staff-'));
    const command = [process.execPath, '--import', 'tsx', 'src/cli/create-staff.ts', '--email', 'ops@example.com', '--name', 'Ops Lead'];
    // script(1) runs it on a pseudo-terminal, as a person typing would.
    const run = watch(
      spawn('script', ['-qec', command.map(quote).join(' '), '/dev/null'], {
        cwd: SERVER_ROOT,
        env: { ...process.env, NODE_NO_WARNINGS: '1', DATA_DIR: dataDir, STAFF_PASSWORD: undefined, TERM: 'dumb' },
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    );
    await run.waitFor(/Password \(at least 10 characters, letters and digits\): /);
    run.child.stdin!.write('Operations2026\r');
    await run.waitFor(/The same password again: /);
    run.child.stdin!.write('Operations2026\r');
    const { code, stdout } = await run.exited;
    expect(stdout).toContain('Created staff user ops@example.com');
    expect(stdout).not.toContain('Operations2026');
    expect(code).toBe(0);
  }, 120_000);

  it('without a terminal and without STAFF_PASSWORD, says to set STAFF_PASSWORD', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-staff-'));
    const run = runSource(['src/cli/create-staff.ts', '--email', 'ops@example.com', '--name', 'Ops Lead'], {
      DATA_DIR: dataDir,
      STAFF_PASSWORD: undefined,
    });
    run.child.stdin!.end(); // `< /dev/null`, a container without a terminal
    const { code, stderr } = await run.exited;
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'No password: STAFF_PASSWORD is not set, and standard input is not a terminal and ended without one. ' +
        'Set STAFF_PASSWORD (STAFF_PASSWORD=… npm run create-staff -- …), or run it on a terminal to be asked. No user was created.',
    );
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  }, 60_000);

  it('reads the password and its confirmation piped in together', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-staff-'));
    const run = runSource(['src/cli/create-staff.ts', '--email', 'ops@example.com', '--name', 'Ops Lead'], {
      DATA_DIR: dataDir,
      STAFF_PASSWORD: undefined,
    });
    // Both lines in one write, before the first question is asked: `printf 'pw\npw\n' | …`.
    run.child.stdin!.end('Operations2026\nOperations2026\n');
    const { code, stdout, stderr } = await run.exited;
    expect(stderr).toBe('');
    expect(stdout).toContain('Created staff user ops@example.com');
    expect(stdout).not.toContain('Operations2026');
    expect(code).toBe(0);
  }, 120_000);
});
