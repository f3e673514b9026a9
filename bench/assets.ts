// The image library's budgets (issue 4): 50 concurrent 1 MB uploads with the server's memory
// watched, and one page of a folder holding 10,000 images.
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import type { RunningServer } from './server-process';

type Record = (what: string, result: string, budget: string, ok: boolean | null) => void;

/** A PNG of noise: incompressible, so about `bytes` long. Different every call. */
const noisePng = async (bytes: number, seed: number) => {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const raw = Buffer.alloc(side * side * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x ^ (x << 13)) >>> 0;
    x = (x ^ (x >>> 17)) >>> 0;
    x = (x ^ (x << 5)) >>> 0;
    raw[i] = x & 0xff;
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
};

/** Resident memory of a process in MB, and its peak so far (Linux /proc). */
const memoryOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(/(\d+) kB/.exec(status.split('\n').find((l) => l.startsWith(name)) ?? '')?.[1] ?? 0);
  return { rssMb: kb('VmRSS:') / 1024, peakMb: kb('VmHWM:') / 1024 };
};

export const benchAssets = async (server: RunningServer, databaseUrl: string, token: string, record: Record) => {
  const auth = { authorization: `Bearer ${token}` };
  const pid = server.process.pid!;

  // ---- 50 uploads of ~1 MB at once --------------------------------------------------------
  const files = await Promise.all(Array.from({ length: 50 }, (_, i) => noisePng(1024 * 1024, i + 1)));
  const upload = (file: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), name);
    return fetch(`${server.url}/api/Image/Upload`, { method: 'POST', headers: auth, body: form });
  };
  // Warm up the upload path once (sharp's first call loads its library).
  await upload(await noisePng(64 * 1024, 999), 'warm-up.png');
  const before = memoryOf(pid);
  let peak = before.rssMb;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rssMb)), 20);
  const t0 = performance.now();
  const answers = await Promise.all(files.map((f, i) => upload(f, `noise-${i + 1}.png`)));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const failed = answers.filter((a) => a.status !== 200).length;
  const megabytes = files.reduce((n, f) => n + f.length, 0) / 2 ** 20;
  const grew = peak - before.rssMb;
  record(
    '50 uploads of 1 MB images at once (PNG of noise), PostgreSQL',
    `${seconds.toFixed(2)} s, ${(megabytes / seconds).toFixed(1)} MB/s, ${(50 / seconds).toFixed(1)} images/s${failed ? `, ${failed} failed` : ''}; server RSS ${before.rssMb.toFixed(0)} → peak ${peak.toFixed(0)} MB (+${grew.toFixed(0)} MB for ${megabytes.toFixed(0)} MB sent)`,
    'report; memory bounded',
    failed === 0 && grew < megabytes * 2,
  );

  // ---- One page of a folder of 10,000 images ----------------------------------------------
  const folder = (await (
    await fetch(`${server.url}/api/Folder/Create`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench 10k', parentId: null }),
    })
  ).json()) as { id: number };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Rows share one stored file; the listing reads rows only.
    await client.query(
      `insert into images (account_id, folder_id, name, format, mime, width, height, bytes, sha256, storage_key, thumbnail_key, created_by, created_at, updated_at)
       select i.account_id, $1, 'bench-' || lpad(g::text, 5, '0') || '.png', i.format, i.mime, i.width, i.height, i.bytes + g,
              md5(g::text) || md5((g * 7)::text), i.storage_key, i.thumbnail_key, i.created_by,
              now() - g * interval '1 minute', now()
       from generate_series(1, 10000) g, (select * from images where name = 'noise-1.png' limit 1) i`,
      [folder.id],
    );
    await client.query('vacuum analyze images');
  } finally {
    await client.end();
  }
  const page = async (what: string, query: string) => {
    const run = (duration: number) =>
      autocannon({ url: `${server.url}/api/Image/List?${query}`, connections: 20, duration, headers: auth });
    await run(2);
    const r = await run(10);
    const ok = r.non2xx === 0 && r.errors === 0;
    record(what, `${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms${ok ? '' : ` (${r.non2xx} non-2xx)`}`, 'report p99', ok ? null : false);
  };
  await page('`GET /api/Image/List`, folder of 10,000 images, page 100 of 50 by date, 20 connections, 10 s', `folderId=${folder.id}&page=100&pageSize=50`);
  await page('the same folder sorted by name, searched ("bench-0"), 20 connections, 10 s', `folderId=${folder.id}&sort=name&order=asc&search=bench-0&pageSize=50`);
};
