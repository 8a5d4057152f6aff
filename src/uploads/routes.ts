import multer, { type UploadedFile } from '@koa/multer';
import Router from '@koa/router';
import type { Context } from 'koa';
import send from 'koa-send';
import { MulterError } from 'multer';
import { z } from 'zod';
import { DomainError } from '../core/errors';
import { describeZodError } from '../http/errors';
import { requireRole } from '../identity/auth';
import { encodePhoto, PhotoRefused } from './images';
import { UPLOAD_LIMITS, UPLOAD_PATH, UPLOADS_URL } from './limits';
import { oneAtATime } from './one-at-a-time';
import { STORED_NAME, type PhotoStore } from './photo-store';

declare module 'koa' {
  interface Request {
    file?: UploadedFile;
  }
}

const MIB = UPLOAD_LIMITS.maxBytes / (1024 * 1024);
const TOO_LARGE = `The photo is larger than ${MIB} MiB; make it smaller and upload it again`;
// Room for the form's boundaries, part headers and the spec's `size` field around the file itself.
const FORM_OVERHEAD_BYTES = 16 * 1024;
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/** The spec's editor sends the file and its size; the size is checked only for its form, the bytes are measured. */
const formFields = z.strictObject({ size: z.string().regex(/^\d{1,12}$/, 'must be a number of bytes').optional() });

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 1, fieldSize: 64, parts: 2, headerPairs: 20 },
});
const readForm = upload.single('file');

/** Why a form could not be read, as the uploader should hear it. */
function formRefusal(error: unknown): PhotoRefused | undefined {
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new PhotoRefused(413, TOO_LARGE);
    return new PhotoRefused(400, `The upload form is not what we expect (${error.message}); send one file in the field "file"`);
  }
  // busboy's own errors (a missing boundary, a form cut short) carry no status.
  if (error instanceof Error && !(error instanceof DomainError) && !('status' in error)) {
    return new PhotoRefused(400, 'The upload form could not be read; please try again');
  }
  return undefined;
}

/** The spec's upload answer `{ error, message, filelink }`, with the shop's `status` beside it. */
function refuse(ctx: Context, status: number, message: string): void {
  ctx.status = status;
  ctx.body = { status: false, error: true, message, filelink: '' };
}

/**
 * Photo uploads for managers (a dish's picture, an image in the content editor), the public uploads folder, and
 * the stored files themselves. The upload takes a multipart form, the one listed exception to JSON-only bodies.
 */
export function uploadRoutes(deps: { store: PhotoStore }) {
  const { store } = deps;
  const router = new Router();
  const inTurn = oneAtATime(UPLOAD_LIMITS.maxWaiting);

  router.post(UPLOAD_PATH, requireRole('manager'), async (ctx) => {
    if (!ctx.is('multipart/form-data')) return refuse(ctx, 400, 'Send the photo as a multipart form (Content-Type: multipart/form-data)');
    if (Number(ctx.get('content-length') || 0) > UPLOAD_LIMITS.maxBytes + FORM_OVERHEAD_BYTES) return refuse(ctx, 413, TOO_LARGE);
    try {
      const stored = await inTurn(async () => {
        try {
          await readForm(ctx, async () => undefined);
        } catch (error) {
          throw formRefusal(error) ?? error;
        }
        const fields = formFields.safeParse({ ...(ctx.request.body as object) });
        if (!fields.success) throw new PhotoRefused(400, describeZodError(fields.error));
        const file = ctx.request.file;
        if (!file || file.size === 0) throw new PhotoRefused(400, 'Choose a photo to upload (form field "file")');
        const versions = await encodePhoto(file.buffer);
        return store.save(store.digest(file.buffer), versions);
      });
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
      if (error instanceof PhotoRefused) return refuse(ctx, error.status, error.message);
      if (error instanceof DomainError && error.kind === 'unavailable') {
        ctx.set('Retry-After', '5');
        return refuse(ctx, 503, error.message);
      }
      throw error;
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
    } catch (error) {
      // koa-send's 404 message names the file's path on disk; a missing photo is just not found.
      if ((error as { status?: number }).status === 404) return;
      throw error;
    }
  });

  return router;
}
