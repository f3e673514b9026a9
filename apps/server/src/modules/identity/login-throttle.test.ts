import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import type * as passwords from './passwords';
import { verifyPassword } from './passwords';

const PASSWORD = 'Right-pass-1';

// Every password check is counted: the throttle must decide before the hash is evaluated. Wrong
// guesses skip scrypt (100 of them would take seconds) but still answer after a turn of the event
// loop, as the real check does.
vi.mock('./passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  const verify = async (password: string, stored: string) =>
    password === PASSWORD ? actual.verifyPassword(password, stored) : new Promise<boolean>((r) => setImmediate(r, false));
  return { ...actual, verifyPassword: vi.fn(verify) };
});
const hashesEvaluated = () => vi.mocked(verifyPassword).mock.calls.length;

const login = (t: TestApp, email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { email, password }, remoteAddress });
const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe('sign-in throttling under concurrency', () => {
  let t: TestApp;
  let n = 0;
  /** A fresh user, so each test starts with empty counters. */
  const newUser = async () => {
    const email = `throttle-${++n}@example.com`;
    await t.services.identity.createAccountWithUser({
      account: { name: `Throttle ${n}`, kind: 'advertiser' },
      user: { email, name: 'T', password: PASSWORD },
    });
    return email;
  };

  beforeAll(async () => {
    t = await buildTestApp({
      config: { LOGIN_LOCK_AFTER: 5, LOGIN_LOCK_AFTER_PER_EMAIL: 8, LOGIN_LOCK_AFTER_PER_ADDRESS: 12 },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => vi.mocked(verifyPassword).mockClear());

  it('evaluates at most LOGIN_LOCK_AFTER of 100 concurrent wrong guesses from one address, then refuses the right password', async () => {
    const email = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(t, email, `wrong-${i}`, '10.2.0.1')),
    );
    expect(hashesEvaluated()).toBeLessThanOrEqual(5);
    const codes = statuses(answers);
    expect(count(codes, 400) + count(codes, 429)).toBe(100);
    expect(count(codes, 400)).toBeLessThanOrEqual(4);

    const right = await login(t, email, PASSWORD, '10.2.0.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().errorCode).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(hashesEvaluated()).toBeLessThanOrEqual(5);
  });

  it('evaluates at most LOGIN_LOCK_AFTER_PER_EMAIL of 100 concurrent wrong guesses from 100 addresses, then refuses the right password from anywhere', async () => {
    const email = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(t, email, `wrong-${i}`, `10.3.${i}.1`)),
    );
    expect(hashesEvaluated()).toBeLessThanOrEqual(8);
    expect(count(statuses(answers), 429)).toBeGreaterThanOrEqual(92);

    const right = await login(t, email, PASSWORD, '10.3.200.1');
    expect(right.statusCode).toBe(429);
    expect(hashesEvaluated()).toBeLessThanOrEqual(8);
  });

  it('evaluates at most LOGIN_LOCK_AFTER_PER_ADDRESS of 100 concurrent guesses at many emails from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(t, `nobody-${i}@example.com`, 'wrong', '10.4.0.1')),
    );
    expect(hashesEvaluated()).toBeLessThanOrEqual(12);
    expect(count(statuses(answers), 429)).toBeGreaterThanOrEqual(88);
  });

  it('locks a guessed email for that address only: its owner still signs in from another', async () => {
    const email = await newUser();
    for (let i = 1; i <= 4; i++) expect((await login(t, email, `wrong-${i}`, '10.5.0.1')).statusCode).toBe(400);
    expect((await login(t, email, 'wrong-5', '10.5.0.1')).statusCode).toBe(429);
    expect((await login(t, email, PASSWORD, '10.5.0.1')).statusCode).toBe(429);
    expect((await login(t, email, PASSWORD, '10.5.0.2')).statusCode).toBe(200);
  });

  it('does not count refused guesses towards the email-wide lock', async () => {
    const email = await newUser();
    for (let i = 1; i <= 5; i++) await login(t, email, `wrong-${i}`, '10.6.0.1');
    // Locked for this address: these are refused before any hash, and must not lock the email.
    await Promise.all(Array.from({ length: 20 }, (_, i) => login(t, email, `more-${i}`, '10.6.0.1')));
    expect(hashesEvaluated()).toBe(5);
    expect((await login(t, email, PASSWORD, '10.6.0.2')).statusCode).toBe(200);
  });

  it('clears the counter of an email and address at a successful sign-in, and does not count successes', async () => {
    const email = await newUser();
    for (let round = 0; round < 2; round++) {
      for (let i = 1; i <= 3; i++) expect((await login(t, email, `wrong-${i}`, '10.7.0.1')).statusCode).toBe(400);
      expect((await login(t, email, PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    }
    // Six failures so far for the email (the two successes do not count): the eighth locks it everywhere.
    expect((await login(t, email, 'wrong-7', '10.7.0.2')).statusCode).toBe(400);
    expect((await login(t, email, 'wrong-8', '10.7.0.2')).statusCode).toBe(429);
    expect((await login(t, email, PASSWORD, '10.7.0.3')).statusCode).toBe(429);
  });
});
