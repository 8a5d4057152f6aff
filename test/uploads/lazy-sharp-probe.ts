/**
 * Run by lazy-sharp.test.ts in a process of its own (node --import tsx), where `require.cache` is Node's own and
 * nothing of the test has loaded sharp: starts the whole shop, says whether sharp is loaded, uploads one photo
 * through the route, and says again. Prints one JSON line.
 */
import path from 'node:path';
import request from 'supertest';
import { sameOrigin, cookieHeader } from '../api/http';
import { startTestServer } from '../support/server';

const SHARP = `${path.sep}node_modules${path.sep}sharp${path.sep}`;
const sharpLoaded = () => Object.keys(require.cache).some((file) => file.includes(SHARP));
// A 1×1 PNG, written out rather than made with sharp.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function main(): Promise<void> {
  const server = await startTestServer();
  try {
    const atStart = sharpLoaded();
    const admin = cookieHeader(await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send(server.admin));
    const upload = await request(server.baseUrl).post('/api/uploadImage').set(sameOrigin(server)).set('Cookie', admin).attach('file', PNG, { filename: 'dot.png', contentType: 'image/png' });
    console.log(JSON.stringify({ atStart, upload: upload.status, afterUpload: sharpLoaded() }));
  } finally {
    await server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
