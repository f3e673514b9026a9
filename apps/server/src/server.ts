import net, { type AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from './config';
import type { Database } from './db/client';
import { DataDirLockedError, describeOwner, staleLockHint } from './db/data-dir-lock';
import { ModuleStartError, StartupError } from './startup-error';

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
// directory, then exits. A signal during start-up waits for it to be done (the modules started),
// since a stop in the middle of migrations or the demo data would leave the embedded database to be
// recovered (a demo cut off anyway, by a kill, is made again by the next start). One
// sent again later stops at once (a start-up that hangs, e.g. on an unreachable database); not
// one within the second, as Ctrl+C under `npm start` arrives twice (from the terminal and passed on).
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
let stopRequested: { signal: NodeJS.Signals; at: number } | undefined;
/** Read through a call: a signal handler sets it while start-up awaits (the compiler cannot know). */
const pendingStop = () => stopRequested;
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

/** A port or host that cannot be listened on, said with the setting to change. */
const listenProblem = (err: unknown, config: Config): StartupError | undefined => {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EADDRINUSE':
      return new StartupError(`Port ${config.PORT} is already in use: stop what uses it, or set PORT to another port.`);
    case 'EACCES':
      return new StartupError(`Port ${config.PORT} needs privileges this process does not have: set PORT to 1024 or above.`);
    case 'EADDRNOTAVAIL':
      return new StartupError(`HOST=${config.HOST} is not an address of this machine: set HOST to one of its addresses (127.0.0.1: this machine only; 0.0.0.0: every address).`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(`HOST=${config.HOST} is not a known host name: set HOST to an address of this machine.`);
    default:
      return undefined;
  }
};

/**
 * Whether the port can be listened on, asked before the database is opened and the demo seeded, so
 * that a port in use is said at once; the real listen comes once the modules have started.
 */
const checkPort = async (config: Config) => {
  if (config.PORT === 0) return;
  const probe = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port: config.PORT, host: config.HOST, exclusive: true }, resolve);
    });
  } catch (err) {
    throw listenProblem(err, config) ?? err;
  }
  await new Promise((resolve) => probe.close(resolve));
};

const main = async () => {
  const args = parseArguments();
  const config = loadConfig(process.env, args['no-demo'] ? { DEMO_DATA: false } : {});
  await checkPort(config);
  // Loaded once the port is known to be free: the app's modules take seconds to load under tsx.
  const { consoleUrl, openAndPrepareDatabase, readyLine } = await import('./bootstrap');
  const { buildApp } = await import('./app');
  database = await openAndPrepareDatabase(config, (msg) => console.log(msg), 'the console', { server: true });
  const { app, services, start } = await buildApp({ config, database });

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
  const early = pendingStop();
  if (early) return shutdown(early.signal);

  // Every module starts before the server listens: one that fails stops the start (exit 1), and
  // the ready line is printed only by a server that is whole.
  try {
    await start();
  } catch (err) {
    await app.close().catch(() => {});
    throw err;
  }
  onStop = (signal) => void shutdown(signal);
  const requested = pendingStop();
  if (requested) return shutdown(requested.signal);

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await app.close();
    throw listenProblem(err, config) ?? err;
  }
  const port = (app.server.address() as AddressInfo).port;
  const url = args['open-at'] ?? consoleUrl(config.HOST, port);
  console.log(await readyLine(url, services, database.kind === 'pglite'));
};

const explain = (err: unknown): string | undefined => {
  if (err instanceof DataDirLockedError) {
    return (
      `Cannot start: ${describeOwner(err.owner)} already uses the data directory ${err.dataDir}.\n` +
      `Two processes must never open one embedded database. Stop that one first (or let it finish), or start ` +
      `this one with another DATA_DIR (or, to run several, with PostgreSQL: DATABASE_URL).${staleLockHint(err)}`
    );
  }
  if (err instanceof ModuleStartError) {
    return err.cause instanceof StartupError ? (explain(err.cause) ?? err.cause.message) : undefined;
  }
  return err instanceof StartupError ? err.message : undefined;
};

/** LOG_LEVEL=debug or trace: where a failure that has a message for a person came from, too. */
const causeStack = (err: unknown) => {
  const cause = (err as Error | undefined)?.cause as Error | undefined;
  return /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '') && cause?.stack ? `\n${cause.stack}` : '';
};

main().catch(async (err: unknown) => {
  await database?.close().catch(() => {});
  // A cause a person can act on is its message alone; anything else is a bug: the stack helps.
  const message = explain(err);
  if (message !== undefined) console.error(message + causeStack(err instanceof ModuleStartError ? err.cause : err));
  else console.error(err instanceof ModuleStartError ? `Cannot start: ${err.message}\n${(err.cause as Error | undefined)?.stack ?? ''}` : err);
  process.exit(1);
});
