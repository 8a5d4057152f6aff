import Router from '@koa/router';
import send from 'koa-send';
import { STORED_PHOTO_CSP } from '../http/security-headers';
import { requireRole } from '../identity/auth';
import { UPLOAD_PATH, UPLOADS_URL } from './limits';
import { STORED_NAME, type PhotoStore } from './photo-store';
import { answerPhotoRefusal, type PhotoReceiver } from './receive';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Photo uploads for managers (a dish's picture, an image in the content editor), the public uploads folder, and
 * the stored files themselves. The upload takes a multipart form, the one listed exception to JSON-only bodies.
 */
export function uploadRoutes(deps: { store: PhotoStore; receive: PhotoReceiver }) {
  const { store, receive } = deps;
  const router = new Router();

  router.post(UPLOAD_PATH, requireRole('manager'), async (ctx) => {
    try {
      const { versions: stored } = await receive(ctx);
      const link = (name: string) => `${UPLOADS_URL}/${name}`;
      const largest = stored[stored.length - 1];
      ctx.body = {
        status: true,
        error: false,
        message: '',
        filelink: link(largest.name),
        width: largest.width,
        height: largest.height,
        srcset: stored.map((version) => `${link(version.name)} ${version.width}w`).join(', '),
        versions: stored.map((version) => ({ url: link(version.name), width: version.width, height: version.height })),
      };
    } catch (error) {
      if (!answerPhotoRefusal(ctx, error)) throw error;
    }
  });

  router.get('/api/uploadsFolder', (ctx) => {
    ctx.body = { status: true, uploadsFolder: UPLOADS_URL };
  });

  router.get(`${UPLOADS_URL}/:name`, async (ctx) => {
    const name = ctx.params.name;
    if (!STORED_NAME.test(name)) return; // 404
    // A name is the digest of its content, so it never changes: let browsers and proxies keep it for good.
    try {
      await send(ctx, name, { root: store.folder, maxage: ONE_YEAR_MS, immutable: true });
      ctx.set('Content-Security-Policy', STORED_PHOTO_CSP);
    } catch (error) {
      // koa-send's 404 message names the file's path on disk; a missing photo is just not found.
      if ((error as { status?: number }).status === 404) return;
      throw error;
    }
  });

  return router;
}
