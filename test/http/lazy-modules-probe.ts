/**
 * Run by lazy-modules.test.ts in a process of its own (node --import tsx), where `require.cache` is Node's own and
 * nothing of the test has loaded them: starts the whole shop, says which of the large modules used only now and
 * then are loaded, uploads one photo through the route, and says again. Prints one JSON line.
 */
import path from 'node:path';
import request from 'supertest';
import { sameOrigin, cookieHeader } from '../api/http';
import { startTestServer } from '../support/server';

/** Loaded at first use: an upload (sharp, multer), a card payment (stripe), a mail (nodemailer), rich text. */
const LAZY = ['sharp', 'multer', 'stripe', 'nodemailer', 'sanitize-html'];
const loaded = () =>
  Object.fromEntries(LAZY.map((name) => [name, Object.keys(require.cache).some((file) => file.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`))]));
// A 1×1 PNG, written out rather than made with sharp.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function main(): Promise<void> {
  const server = await startTestServer();
  try {
    const atStart = loaded();
    const admin = cookieHeader(await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send(server.admin));
    const upload = await request(server.baseUrl).post('/api/uploadImage').set(sameOrigin(server)).set('Cookie', admin).attach('file', PNG, { filename: 'dot.png', contentType: 'image/png' });
    console.log(JSON.stringify({ atStart, upload: upload.status, afterUpload: loaded() }));
  } finally {
    await server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
