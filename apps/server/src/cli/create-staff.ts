// Creates a staff (MsInternal) user for a real installation started with --no-demo:
//   npm run create-staff -- --email ops@example.com --name "Ops Lead" [--account "Ads Platform Operations"]
// The password is read from STAFF_PASSWORD or asked for on the terminal (not echoed), or read from
// standard input when it is piped (the password, then the same again, a line each).
// On the embedded database the console must be stopped first: one process per data directory.
import { parseArgs } from 'node:util';
import { isEmail, normalizeEmail } from '@ads/contracts';
import { openAndPrepareDatabase } from '../bootstrap';
import { createServices } from '../app';
import { loadConfig } from '../config';
import { DataDirLockedError, describeOwner, lockDataDir, staleLockHint } from '../db/data-dir-lock';
import { StartupError } from '../startup-error';
import { hiddenPrompt } from './ask-hidden';

const fail = (message: string): never => {
  throw new StartupError(message);
};

const passwordProblem = (password: string) =>
  password.length < 10 || !/[A-Za-z]/.test(password) || !/[0-9]/.test(password)
    ? 'The password needs at least 10 characters with letters and digits.'
    : undefined;

const main = async () => {
  const { values } = (() => {
    try {
      return parseArgs({
        options: {
          email: { type: 'string' },
          name: { type: 'string' },
          account: { type: 'string', default: 'Ads Platform Operations' },
        },
      });
    } catch (err) {
      return fail(`${(err as Error).message}\nUsage: npm run create-staff -- --email ops@example.com --name "Ops Lead" [--account "…"]`);
    }
  })();
  const email = normalizeEmail(values.email ?? '');
  if (!isEmail(email)) fail('Give a valid --email.');
  const name = values.name?.trim();
  if (!name) fail('Give the user a --name.');

  const config = loadConfig({ ...process.env, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  // Refuse before asking for a password when the console holds the embedded database.
  const probe = config.DATABASE_URL ? undefined : lockDataDir(config.DATA_DIR, 'create-staff');
  probe?.release();

  let password = process.env.STAFF_PASSWORD;
  if (!password) {
    const prompt = hiddenPrompt();
    // Without a terminal (a script, a container, `< /dev/null`) input that ends is no Ctrl+C: say
    // where the password comes from instead of "Cancelled".
    const ask = (question: string) =>
      prompt.ask(question).catch((err: unknown) => {
        if (process.stdin.isTTY) throw err;
        process.stdout.write('\n'); // after the question
        return fail(
          'No password: STAFF_PASSWORD is not set, and standard input is not a terminal and ended without one. ' +
            'Set STAFF_PASSWORD (STAFF_PASSWORD=… npm run create-staff -- …), or run it on a terminal to be asked. No user was created.',
        );
      });
    try {
      password = await ask('Password (at least 10 characters, letters and digits): ');
      const problem = passwordProblem(password);
      if (problem) fail(problem);
      if ((await ask('The same password again: ')) !== password) fail('The two passwords differ.');
    } finally {
      prompt.close();
    }
  }
  const problem = passwordProblem(password);
  if (problem) fail(problem);

  const database = await openAndPrepareDatabase(config, () => {}, 'create-staff');
  try {
    const services = createServices({ config, database });
    const { account, user } = await services.identity.createStaffUser({
      accountName: values.account!,
      email,
      name: name!,
      password,
    });
    console.log(`Created staff user ${user.email} in account "${account.name}" (#${account.id}).`);
  } finally {
    await database.close();
  }
};

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    console.error(
      `Cannot create the user: ${describeOwner(err.owner)} is running on this data directory (${err.dataDir}).\n` +
        `Stop it first (Ctrl+C where it runs), run this command again, then start the console again: ` +
        `two processes must never open one embedded database.${staleLockHint(err)}`,
    );
  } else {
    // StartupError, AppError (e.g. the email is taken): the message says it all.
    console.error(err instanceof Error ? err.message : err);
  }
  process.exitCode = 1;
});
