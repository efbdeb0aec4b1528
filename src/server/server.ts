import v8 from 'node:v8';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/**
 * V8 lets the old generation grow to up to four times what survived the last full collection before
 * it collects again. Portico's live heap under load is ~35 MB, but under a burst of writes the heap
 * reached 130 MB of mostly garbage and the server's peak RSS 200-270 MB. Growing by half instead kept
 * the peak at ~150 MB with the same throughput and latency (docs/decisions/0013). An operator's own
 * `--heap-growing-percent` wins.
 */
if (![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => arg.includes('heap-growing-percent'))) {
  v8.setFlagsFromString('--heap-growing-percent=50');
}

/** Starts Portico: listens, and on SIGTERM/SIGINT finishes the requests in flight, then closes. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    // A keep-alive connection whose request finishes after close() began would otherwise stay open
    // until its timeout: close connections as soon as they fall idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 50).unref();
    app.close().then(
      () => {
        clearTimeout(force);
        clearInterval(idle);
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  const address = await app.listen({ host: config.host, port: config.port });
  // The kind of file storage, never its settings: those may hold a secret key.
  app.log.info(`Portico is listening on ${address} (database: ${app.ctx.db.engine}, files: ${config.storage.kind})`);
}

main().catch((error: unknown) => {
  console.error(`Portico could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
