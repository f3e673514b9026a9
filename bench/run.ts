// npm run bench: measures the foundation's budgets on this machine and writes docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { measureBundles } from './bundle';
import { ROOT, signIn, startServer } from './server-process';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const rows: string[] = [];
const record = (what: string, result: string, budget: string, ok: boolean | null) => {
  rows.push(`| ${what} | ${result} | ${budget} | ${ok === null ? '—' : ok ? 'within' : '**over**'} |`);
  console.log(`${what}: ${result} (budget ${budget})`);
};

const build = () => {
  const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('web build failed');
};

const startupAndBundles = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-bench-'));
  try {
    // First start creates, migrates and seeds the data directory.
    const first = await startServer({ DATA_DIR: dataDir }, 8291);
    record('`npm start` first start (creates the database, demo data)', `${(first.startedInMs / 1000).toFixed(2)} s`, '—', null);
    const bundles = await measureBundles(first.url);
    await first.stop();
    record('JS before the login page is usable (gzip)', `${bundles.loginKb.toFixed(1)} KB in ${bundles.loginFiles} files`, '≤ 180 KB', bundles.loginKb <= 180);
    record('JS before a signed-in landing page is usable, shell included (gzip)', `${bundles.landingKb.toFixed(1)} KB in ${bundles.landingFiles} files`, '≤ 300 KB', bundles.landingKb <= 300);

    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await startServer({ DATA_DIR: dataDir }, 8291);
      times.push(s.startedInMs);
      await s.stop();
    }
    const worst = Math.max(...times);
    record(
      'start on an existing data directory → first request served (3 runs)',
      `${times.map((t) => (t / 1000).toFixed(2)).join(' s, ')} s`,
      '≤ 3 s',
      worst <= 3000,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

const userInfoOnPostgres = async () => {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const name = `ads_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    const server = await startServer({ DATABASE_URL: url.toString() }, 8292);
    try {
      const token = await signIn(server.url, 'advertiser@demo.test');
      const run = (duration: number) =>
        autocannon({
          url: `${server.url}/api/User/Info`,
          connections: 50,
          duration,
          headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' },
        });
      await run(3); // warm-up
      const result = await run(15);
      const ok = result.non2xx === 0 && result.errors === 0;
      record(
        '`GET /api/User/Info` on PostgreSQL, 50 connections, 15 s',
        `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms${ok ? '' : ` (${result.non2xx} non-2xx, ${result.errors} errors)`}`,
        'report',
        ok ? null : false,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

const main = async () => {
  build();
  await startupAndBundles();
  await userInfoOnPostgres();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const doc = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); do not edit by hand. Budgets come from the issues.

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${cpu}),
${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. The server runs with LOG_LEVEL=warn.

| what | result | budget | verdict |
|---|---|---|---|
${rows.join('\n')}

How each is measured:
- **JavaScript before usable**: headless Chromium with the cache off loads \`#/user/login\` until the
  "Sign in" button shows and the network is idle; every JavaScript response is gzip-compressed
  (zlib default level) and summed. Then it signs in as the demo advertiser and reloads the landing
  page cold: the same sum until the side menu shows and the network is idle.
- **Start**: the server as \`npm start\` runs it (\`apps/server/dist/server.mjs\`, built by
  \`npm run build\`) spawned on a data directory made by an earlier start; the time until \`GET /\`
  first answers. It opens PGlite (~0.85 s), checks migrations and the catalogue, builds the app.
- **User info**: autocannon (in the same process as this script, on the same 2 cores as the server
  and PostgreSQL) against a server on PostgreSQL (127.0.0.1:5432, a fresh database) with one
  signed-in advertiser's token, after a 3 s warm-up. The session lookup is one prepared statement.
`;
  fs.writeFileSync(path.join(ROOT, 'docs/benchmarks.md'), doc);
  console.log('wrote docs/benchmarks.md');
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
