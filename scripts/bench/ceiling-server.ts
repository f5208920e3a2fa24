/** The ceiling of the server benchmark: the least a Hono app on @hono/node-server can do per request. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/x', (c) => c.json({ ok: true }));
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
