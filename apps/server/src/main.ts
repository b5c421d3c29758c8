import { ConfigError, loadConfig } from './config/config.js';
import { assertServicePortsFree } from './config/preflight.js';
import { DataDirInUseError } from './db/pglite-lock.js';
import { PortInUseError } from './lib/listen.js';

/** Process entry: validate configuration, start the chosen services, stop cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  let server;
  try {
    // A busy port fails before the server's modules load (seconds of CPU on a small machine).
    await assertServicePortsFree(config);
    const { startServer } = await import('./server.js');
    server = await startServer(config);
  } catch (err) {
    if (err instanceof PortInUseError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(98);
    }
    // DATA_DIR/pglite is open in another process (db/pglite-lock.ts): a second server would corrupt it.
    if (err instanceof DataDirInUseError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(75);
    }
    // Settings that can only be checked at start (the SIM_FLEET file): the same exit as a bad variable.
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const running = server;
  running.log.info({ url: config.publicUrl, services: [...config.services] }, 'Sunfleet is running');
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) {
      running.log.warn('second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    running.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Sunfleet failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
