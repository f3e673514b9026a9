import { buildApp } from './app';
import { openAndPrepareDatabase } from './bootstrap';
import { loadConfig } from './config';

const main = async () => {
  const config = loadConfig(process.env, process.argv.includes('--no-demo') ? { DEMO_DATA: false } : {});
  const database = await openAndPrepareDatabase(config, (msg) => console.log(msg));
  const { app } = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close(); // PGlite must close cleanly or its data directory needs recovery.
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
