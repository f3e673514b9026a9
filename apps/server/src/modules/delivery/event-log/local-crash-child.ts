// A tracking process for local-event-log.test.ts: opens the event log on EVENT_LOG_DIR, says
// `ready`, then APPENDERS concurrent callers append one event each at a time, printing its id once
// the append resolved, until the process is killed (-9). Its `write` appends the ids of each batch
// to WRITTEN_FILE (the "database"): appendFileSync before resolving, so a batch whose write
// resolved (and whose segment may then be deleted) is in the file even after kill -9 (the page
// cache survives the process). After WRITE_BATCHES batches of 5,000 its writes hang, like a database
// that stopped answering, so that the log holds both written and unwritten events when it dies.
import fs from 'node:fs';
import { createLocalEventLog } from './local-event-log';

const log = createLocalEventLog<{ id: number }>({
  dir: process.env.EVENT_LOG_DIR!,
  codec: { encode: (e) => JSON.stringify(e), decode: (s) => JSON.parse(s) as { id: number } },
  batchSize: 5000,
  intervalMs: 0,
  segmentBytes: 64 * 1024,
  onError: (err) => console.error(err),
});
let writes = Number(process.env.WRITE_BATCHES ?? Infinity);
await log.start(async (batch) => {
  if (writes-- <= 0) await new Promise(() => {});
  fs.appendFileSync(process.env.WRITTEN_FILE!, batch.map((e) => `${e.id}\n`).join(''));
});
console.log('ready');

let next = 0;
const appenders = Number(process.env.APPENDERS ?? 100);
for (let i = 0; i < appenders; i++) {
  void (async () => {
    for (;;) {
      const id = next++;
      await log.append([{ id }]);
      // Printed means answered. Not every answered id gets printed before the kill (a full pipe
      // queues output), which only makes the parent's check cover fewer ids.
      console.log(id);
    }
  })();
}
if (!appenders) setInterval(() => {}, 60_000);
