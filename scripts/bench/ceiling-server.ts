/**
 * The ceiling of the server benchmark: the least a Hono app on @hono/node-server can do per request.
 * With `CEILING_BODY_FILE` it also answers `GET /body` with that file's bytes as brotli JSON: the same
 * bytes a large cached answer sends, with nothing else done per request.
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const bodyFile = process.env.CEILING_BODY_FILE;
const body = bodyFile ? new Uint8Array(readFileSync(bodyFile)) : new Uint8Array();
const app = new Hono()
  .get('/x', (c) => c.json({ ok: true }))
  .get('/body', (c) => c.body(body, 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }));
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
