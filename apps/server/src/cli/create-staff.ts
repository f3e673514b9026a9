// Creates a staff (MsInternal) user for a real installation started with --no-demo:
//   npm run create-staff -- --email ops@example.com --name "Ops Lead" [--account "Ads Platform Operations"]
// The password is read from STAFF_PASSWORD or asked for on the terminal.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { isEmail, normalizeEmail } from '@ads/contracts';
import { openAndPrepareDatabase } from '../bootstrap';
import { createServices } from '../app';
import { loadConfig } from '../config';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    account: { type: 'string', default: 'Ads Platform Operations' },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const email = normalizeEmail(values.email ?? '');
if (!isEmail(email)) fail('Give a valid --email.');
if (!values.name?.trim()) fail('Give the user a --name.');

let password = process.env.STAFF_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Password (at least 10 characters, letters and digits): ');
  rl.close();
}
if (password.length < 10 || !/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) {
  fail('The password needs at least 10 characters with letters and digits.');
}

const config = loadConfig({ ...process.env, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
const database = await openAndPrepareDatabase(config);
try {
  const services = createServices({ config, database });
  const { account, user } = await services.identity.createStaffUser({
    accountName: values.account!,
    email,
    name: values.name!.trim(),
    password: password!,
  });
  console.log(`Created staff user ${user.email} in account "${account.name}" (#${account.id}).`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
