// The hardening issue's image budget: small files that decode to hundreds of megabytes. 20 uploads
// at once of the issue's worst case (a ~300 KB, 7000 × 7000, 16-bit, Adam7-interlaced PNG: 294 MB
// decoded, refused from its header), then 20 at once of the largest such PNG the bound accepts
// (5770 × 5770, 16-bit RGB: 199.8 MB decoded, really decoded), with the server's memory watched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { interlaced16BitPng, tagPng } from '../apps/server/src/test/test-images';
import { signIn, startServer } from './server-process';

type Record = (what: string, result: string, budget: string, ok: boolean | null) => void;

export const IMAGE_WORST_CASE_PREFIX = '20 uploads at once of a small 16-bit interlaced PNG';
const BUDGET_MB = 300;

/** Resident memory of a process in MB (Linux /proc). */
const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

export const benchImageWorstCase = async (record: Record) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-bench-images-'));
  const server = await startServer({ DATA_DIR: dataDir }, 8293);
  try {
    const pid = server.process.pid!;
    const token = await signIn(server.url, 'advertiser@demo.test');
    const upload = (file: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), name);
      return fetch(`${server.url}/api/Image/Upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    };
    // sharp's first call loads its library: not part of what is measured.
    await upload(await interlaced16BitPng(64, 64, 3, 'warm-up'), 'warm-up.png');

    const run = async (what: string, width: number, height: number, expected: number) => {
      const base = await interlaced16BitPng(width, height, 3);
      // Other bytes each (no duplicate answer), the same image.
      const files = Array.from({ length: 20 }, (_, i) => tagPng(base, `${what} ${i}`));
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
      const t0 = performance.now();
      const answers = await Promise.all(files.map((f, i) => upload(f, `${what}-${i + 1}.png`)));
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      const codes = await Promise.all(answers.map(async (a) => (a.status === 200 ? '200' : `${a.status} ${((await a.json()) as { errorCode: string }).errorCode}`)));
      const wrong = answers.filter((a) => a.status !== expected).length;
      const grew = peak - before;
      record(
        `${IMAGE_WORST_CASE_PREFIX}, ${width} × ${height} RGB (${(base.length / 1024).toFixed(0)} KB, ${((width * height * 6) / 1e6).toFixed(0)} MB decoded): ${what}`,
        `${codes[0]} ×${20 - wrong}${wrong ? `, ${wrong} other answers (${codes.join(', ')})` : ''} in ${seconds.toFixed(2)} s; server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB (+${grew.toFixed(0)} MB)`,
        `growth < ${BUDGET_MB} MB`,
        wrong === 0 && grew < BUDGET_MB,
      );
    };
    await run('refused', 7000, 7000, 400);
    await run('accepted', 5770, 5770, 200);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

export const IMAGE_WORST_CASE_METHOD = `- **Worst-case images**: a server of its own (PGlite, fresh data directory), one warm-up upload,
  then 20 uploads at once by the demo advertiser of an Adam7-interlaced 16-bit RGB PNG of zeros
  (a few hundred KB; an interlaced PNG is decoded whole). 7000 × 7000 is under the 50 MP limit but
  needs 294 MB decoded: it is refused from its header (\`IMAGE_TOO_LARGE_DECODED\`) before any
  decode. 5770 × 5770 (199.8 MB decoded) is just within \`IMAGE_MAX_DECODED_BYTES\` and is decoded:
  decodes run one per core and within that byte budget together, so these run one after another.
  Memory is the server's resident set sampled every 10 ms from /proc, peak minus before.
`;
