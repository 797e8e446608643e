// The baseline: a bare Fastify hello-world.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }));
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
