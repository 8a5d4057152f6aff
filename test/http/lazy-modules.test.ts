import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Issue 16 item 3: sharp (and libvips) is loaded on the first upload, not when the shop starts; so are multer, the
 * Stripe SDK, nodemailer and sanitize-html at their first use (a start's memory, and every test shop's start).
 * Checked in a process of its own, since in Jest's module registry `require.cache` is not Node's, and the other
 * suites load sharp themselves to make their photos.
 */
describe('large modules, loaded lazily', () => {
  it('are not loaded by a started shop, and an upload loads sharp and multer', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/http/lazy-modules-probe.ts'], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      timeout: 120_000,
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    // The second reading shows the first can see sharp in the cache: the same check, after the upload.
    const none = { sharp: false, multer: false, stripe: false, nodemailer: false, 'sanitize-html': false };
    expect(report).toEqual({ atStart: none, upload: 200, afterUpload: { ...none, sharp: true, multer: true } });
  }, 150_000);
});
