import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Issue 16 item 3: sharp (and libvips) is loaded on the first upload, not when the shop starts. Checked in a
 * process of its own, since in Jest's module registry `require.cache` is not Node's, and the other suites load
 * sharp themselves to make their photos.
 */
describe('sharp, loaded lazily', () => {
  it('is not loaded by a started shop, and is once a photo is uploaded', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/uploads/lazy-sharp-probe.ts'], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      timeout: 120_000,
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    // The second reading shows the first can see sharp in the cache: the same check, after the upload.
    expect(report).toEqual({ atStart: false, upload: 200, afterUpload: true });
  }, 150_000);
});
