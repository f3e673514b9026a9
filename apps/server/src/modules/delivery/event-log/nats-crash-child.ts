// A tracking node for nats-event-log.test.ts: as local-crash-child.ts, on JetStream (EVENTS_URL,
// STREAM, SUBJECT, DURABLE). Prints `ready`, then the id of each event whose append resolved (its
// PubAck came), until killed (-9). Its `write` appends the ids to WRITTEN_FILE; after WRITE_BATCHES
// batches it hangs, so that the messages it holds are unacked when it dies and JetStream hands them
// to the next node once the ack wait (2 s here) passes.
import fs from 'node:fs';
import { createNatsEventLog } from './nats-event-log';

const log = createNatsEventLog<{ id: number }>({
  url: process.env.EVENTS_URL!,
  stream: process.env.STREAM,
  subject: process.env.SUBJECT,
  durable: process.env.DURABLE,
  ackWaitMs: 2000,
  codec: { encode: (e) => JSON.stringify(e), decode: (s) => JSON.parse(s) as { id: number } },
  batchSize: 5000,
  intervalMs: 0,
  onError: (err) => console.error(err),
});
let writes = Number(process.env.WRITE_BATCHES ?? Infinity);
await log.start(async (batch) => {
  if (writes-- <= 0) await new Promise(() => {});
  fs.appendFileSync(process.env.WRITTEN_FILE!, batch.map((e) => `${e.id}\n`).join(''));
});
console.log('ready');

let next = 0;
for (let i = 0; i < Number(process.env.APPENDERS ?? 100); i++) {
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
