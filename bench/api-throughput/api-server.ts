// The real app on in-memory PGlite with one signed-in admin; prints its port
// and an access token as one JSON line for the runner.
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { admins } from '../../apps/api/src/db/schema/index.ts';
import { startSession } from '../../apps/api/src/modules/auth/sessions.service.ts';

const config = loadConfig({
  PORT: '0',
  DATA_DIR: '/tmp/bo-bench-unused',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-000',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
});
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { kind: 'postgres', url: process.env.DATABASE_URL }
    : { kind: 'memory' },
);
const app = await buildApp({ config, database, logger: false });
const [admin] = await database.db
  .insert(admins)
  .values({
    email: `bench-${Date.now()}@example.test`,
    name: 'Bench',
    role: 'super_admin',
    status: 'active',
  })
  .returning({ id: admins.id });
const ctx = {
  adminId: null,
  adminEmail: null,
  ip: '127.0.0.1',
  requestId: 'bench',
  userAgent: null,
};
const session = await startSession(app.deps, database.db, admin!.id, ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
console.log(JSON.stringify({ port: address.port, token: session.accessToken }));
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
