import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureSetupLink } from './modules/auth/password.service.ts';
import { isEmptyInstall } from './modules/demo/seed.ts';

/**
 * Starts the one server: API under /api, the SPA elsewhere, and the job
 * queue's workers. On SIGTERM it stops accepting, lets requests in flight
 * finish, drains the job queue (running jobs finish or go back to the queue),
 * closes the database and exits 0 (forced after 10 s).
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, limits: config.databaseLimits }
      : { kind: 'pglite', dataDir: config.dataDir, purpose: 'server' },
  );
  const app = await buildApp({ config, database });
  // A misconfigured bucket stops the start with its reason, not the first upload.
  await app.deps.storage.check?.();
  let closing = false;
  let exitCode = 0;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(exitCode);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // The embedded database stopped for good (its log could not be written: a
  // full disk). Exit non-zero so a supervisor restarts the server; the restart
  // replays what was committed (docs/operations.md, "When a disk is full").
  database.onStopped?.((err) => {
    app.log.fatal(
      { err, dataDir: config.dataDir },
      'the embedded database stopped (PANIC); the server exits to be restarted: free space in DATA_DIR first',
    );
    exitCode = 1;
    void shutdown('database stopped');
  });

  await app.listen({ port: config.port, host: config.host });
  const setupLink = await ensureSetupLink(app.deps);
  if (setupLink) {
    app.log.warn('No admin exists yet. Create the first super admin within one hour at:');
    // Printed plainly too, so a person sees it whatever the log format.
    process.stdout.write(`\n  First-admin setup: ${setupLink}\n\n`);
    if (database.kind === 'pglite' && (await isEmptyInstall(database.db)))
      process.stdout.write(
        '  Load demo data with: npm run seed:demo (with the server stopped)\n\n',
      );
  }
  if (!config.webDist) app.log.warn('The web app is not built: run `npm run build` to serve it.');
  if (!config.smtpUrl) app.log.info(`No SMTP_URL: mails go to ${config.dataDir}/outbox/`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
