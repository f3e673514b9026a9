import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { consoleUrl, openAndPrepareDatabase, readyLine } from './bootstrap';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { DataDirLockedError, describeOwner, staleLockHint } from './db/data-dir-lock';
import { StartupError } from './startup-error';

const parseArguments = () => {
  try {
    return parseArgs({
      options: {
        'no-demo': { type: 'boolean' },
        /** `npm run dev`: the address to open is Vite's, which proxies /api here. */
        'open-at': { type: 'string' },
      },
    }).values;
  } catch (err) {
    throw new StartupError(`${(err as Error).message}\nThe server takes --no-demo (start without demo data).`);
  }
};

let database: Database | undefined;

// What a terminal or a process manager sends to stop the server: it closes, releasing the data
// directory, then exits. A signal during start-up waits for the app to be built, since a stop in
// the middle of migrations or the demo data would leave the embedded database to be recovered. One
// sent again later stops at once (a start-up that hangs, e.g. on an unreachable database); not
// one within the second, as Ctrl+C under `npm start` arrives twice (from the terminal and passed on).
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
let stopRequested: { signal: NodeJS.Signals; at: number } | undefined;
let onStop: ((signal: NodeJS.Signals) => void) | undefined;
for (const signal of STOP_SIGNALS) {
  process.on(signal, () => {
    if (onStop) return onStop(signal);
    if (!stopRequested) {
      stopRequested = { signal, at: Date.now() };
      console.error(`${signal}: stopping once start-up is done (send it again to stop at once)`);
    } else if (Date.now() - stopRequested.at > 1000) {
      process.exit(1);
    }
  });
}

const main = async () => {
  const args = parseArguments();
  const config = loadConfig(process.env, args['no-demo'] ? { DEMO_DATA: false } : {});
  database = await openAndPrepareDatabase(config, (msg) => console.log(msg), 'the console');
  const { app, services } = await buildApp({ config, database });
  await services.storage.check(); // A missing bucket or refused credentials stop the start, not the first upload.

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database?.close(); // PGlite must close cleanly or its data directory needs recovery.
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  onStop = (signal) => void shutdown(signal);
  if (stopRequested) return shutdown(stopRequested.signal);

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await app.close();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new StartupError(`Port ${config.PORT} is already in use: stop what uses it, or set PORT to another port.`);
    }
    throw err;
  }
  const port = (app.server.address() as AddressInfo).port;
  const url = args['open-at'] ?? consoleUrl(config.HOST, port);
  console.log(await readyLine(url, services, database.kind === 'pglite'));
};

const explain = (err: unknown) => {
  if (err instanceof DataDirLockedError) {
    return (
      `Cannot start: ${describeOwner(err.owner)} already uses the data directory ${err.dataDir}.\n` +
      `Two processes must never open one embedded database. Stop that one first (or let it finish), or start ` +
      `this one with another DATA_DIR (or, to run several, with PostgreSQL: DATABASE_URL).${staleLockHint(err)}`
    );
  }
  return err instanceof StartupError ? err.message : undefined;
};

main().catch(async (err: unknown) => {
  await database?.close().catch(() => {});
  const message = explain(err);
  console.error(message ?? err);
  process.exit(1);
});
