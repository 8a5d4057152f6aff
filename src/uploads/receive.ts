import type multer from '@koa/multer';
import type { UploadedFile } from '@koa/multer';
import type { Context, Middleware, Next } from 'koa';
import { z } from 'zod';
import { DomainError } from '../core/errors';
import { describeZodError } from '../http/errors';
import { encodePhoto, PhotoRefused } from './images';
import { UPLOAD_LIMITS } from './limits';
import { oneAtATime } from './one-at-a-time';
import type { PhotoStore, StoredVersion } from './photo-store';

declare module 'koa' {
  interface Request {
    file?: UploadedFile;
  }
}

const MIB = UPLOAD_LIMITS.maxBytes / (1024 * 1024);
const TOO_LARGE = `The photo is larger than ${MIB} MiB; make it smaller and upload it again`;
// Room for the form's boundaries, part headers and the spec's `size` field around the file itself.
const FORM_OVERHEAD_BYTES = 16 * 1024;

/** The spec's editor sends the file and its size; the size is checked only for its form, the bytes are measured. */
const formFields = z.strictObject({ size: z.string().regex(/^\d{1,12}$/, 'must be a number of bytes').optional() });

const formOptions = {
  // Browsers send a file's name as UTF-8 without saying so: read as such ("Café.jpg", not "CafÃ©.jpg"). multer
  // takes it; @koa/multer's types do not list it.
  defParamCharset: 'utf8',
  limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 1, fieldSize: 64, parts: 2, headerPairs: 20 },
};

let formReader: Middleware | undefined;

/** multer (with busboy) is loaded at the first upload, not by every shop that starts: most never see one. */
function readForm(ctx: Context, next: Next) {
  if (!formReader) {
    const load = require('@koa/multer') as typeof multer;
    formReader = load({ ...formOptions, storage: load.memoryStorage() }).single('file');
  }
  return formReader(ctx, next);
}

/** Why a form could not be read, as the uploader should hear it. */
function formRefusal(error: unknown): PhotoRefused | undefined {
  // multer's MulterError, known by its name: its module is loaded only with the first upload.
  if (error instanceof Error && error.name === 'MulterError' && 'code' in error) {
    if (error.code === 'LIMIT_FILE_SIZE') return new PhotoRefused(413, TOO_LARGE);
    return new PhotoRefused(400, `The upload form is not what we expect (${error.message}); send one file in the field "file"`);
  }
  // busboy's own errors (a missing boundary, a form cut short) carry no status.
  if (error instanceof Error && !(error instanceof DomainError) && !('status' in error)) {
    return new PhotoRefused(400, 'The upload form could not be read; please try again');
  }
  return undefined;
}

/** A photo received, checked, re-encoded and stored: its digest (the stored files' names), its versions, and the file's own name. */
export interface ReceivedPhoto {
  digest: string;
  versions: StoredVersion[];
  fileName: string;
}

/**
 * The one way a photo comes in (the menu editor's upload and the media library's): a multipart form with one
 * file and its size, read after the route's role check, one photo at a time (`maxWaiting` more wait their turn,
 * the next is refused with 'unavailable'); the photo checked from its bytes and re-encoded at each width.
 * `accept` may refuse the photo (throwing) once it is known to be one, before anything is stored. Refusals are
 * `PhotoRefused` with their status; share one receiver between routes, so that they share the turn.
 */
export function photoReceiver(store: PhotoStore) {
  const inTurn = oneAtATime(UPLOAD_LIMITS.maxWaiting);
  return async (ctx: Context, accept: (photo: { digest: string; fileName: string }) => void = () => undefined): Promise<ReceivedPhoto> => {
    if (!ctx.is('multipart/form-data')) throw new PhotoRefused(400, 'Send the photo as a multipart form (Content-Type: multipart/form-data)');
    if (Number(ctx.get('content-length') || 0) > UPLOAD_LIMITS.maxBytes + FORM_OVERHEAD_BYTES) throw new PhotoRefused(413, TOO_LARGE);
    return inTurn(async () => {
      try {
        await readForm(ctx, async () => undefined);
      } catch (error) {
        throw formRefusal(error) ?? error;
      }
      const fields = formFields.safeParse({ ...(ctx.request.body as object) });
      if (!fields.success) throw new PhotoRefused(400, describeZodError(fields.error));
      const file = ctx.request.file;
      if (!file || file.size === 0) throw new PhotoRefused(400, 'Choose a photo to upload (form field "file")');
      const encoded = await encodePhoto(file.buffer);
      const digest = store.digest(file.buffer);
      const fileName = file.originalname ?? '';
      accept({ digest, fileName });
      return { digest, versions: await store.save(digest, encoded), fileName };
    });
  };
}

export type PhotoReceiver = ReturnType<typeof photoReceiver>;

/** The spec's upload answer to a refusal `{ error, message, filelink }`, with the shop's `status` beside it; false for anything else. */
export function answerPhotoRefusal(ctx: Context, error: unknown): boolean {
  const refuse = (status: number, message: string) => {
    ctx.status = status;
    ctx.body = { status: false, error: true, message, filelink: '' };
    return true;
  };
  if (error instanceof PhotoRefused) return refuse(error.status, error.message);
  if (error instanceof DomainError && error.kind === 'unavailable') {
    ctx.set('Retry-After', '5');
    return refuse(503, error.message);
  }
  if (error instanceof DomainError && error.kind === 'invalid') return refuse(400, error.message);
  return false;
}
