import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import { commandContext } from '../../src/http/command-context';
import { describeZodError } from '../../src/http/errors';
import { requireRole } from '../../src/identity/auth';
import { MEDIA_ID, MEDIA_LIMITS, MEDIA_TEXTS, mediaNameOf } from '../../src/shared/media';
import { singleLineText } from '../../src/shared/text';
import { answerPhotoRefusal, type PhotoReceiver } from '../../src/uploads';
import type { Media } from './media';

/** The path of the library's upload (a multipart form: the shop's JSON-only rule lists it as an exception). */
export const MEDIA_UPLOAD_PATH = '/api/media';

const search = z.object({ search: singleLineText({ max: MEDIA_LIMITS.search, name: 'search' }).optional() });
const altInput = z.strictObject({ alt: singleLineText({ max: MEDIA_LIMITS.alt, required: 'describe the image' }) });
const imageId = z.string().regex(MEDIA_ID, 'id: not an image of the library');
const fileName = singleLineText({ max: MEDIA_LIMITS.name, min: 1, required: 'the file needs a name', refuseBidi: true });

/** Query values arrive as a string, or an array when repeated: the first one is read. */
const firstOf = (query: Context['query']) => Object.fromEntries(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));

/**
 * The media library (issue 39 item 4), admins only: list and search by name, upload (the photo pipeline's form
 * and checks, src/uploads), alt text, delete. And the customer spec's `GET /snowflakeImages` (§7), public.
 */
export function mediaRoutes(deps: { media: Media; receive: PhotoReceiver; clock: Clock }) {
  const { media, receive, clock } = deps;
  const router = new Router();

  router.get('/snowflakeImages', async (ctx) => {
    ctx.body = { status: true, images: await media.snowflakes() };
  });

  const admin = requireRole('admin');
  router.get(MEDIA_UPLOAD_PATH, admin, async (ctx) => {
    const input = search.parse(firstOf(ctx.query));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await media.list(input.search ?? '');
  });

  router.post(MEDIA_UPLOAD_PATH, admin, async (ctx) => {
    let name = '';
    try {
      const photo = await receive(ctx, ({ fileName: given }) => {
        const parsed = fileName.safeParse(mediaNameOf(given));
        if (!parsed.success) throw new DomainError('invalid', `The file's name ${describeZodError(parsed.error)}; rename it and upload it again`);
        name = parsed.data;
      });
      ctx.body = await media.add({ digest: photo.digest, name, widths: photo.versions.map(({ width, height }) => ({ width, height })) }, commandContext(ctx, clock));
    } catch (error) {
      if (!answerPhotoRefusal(ctx, error)) throw error;
    }
  });

  router.patch(`${MEDIA_UPLOAD_PATH}/:id`, admin, async (ctx) => {
    // The body first: its text is what a sender may get wrong.
    const { alt } = altInput.parse(ctx.request.body);
    ctx.body = await media.changeAlt(imageId.parse(ctx.params.id), alt, commandContext(ctx, clock));
  });

  router.delete(`${MEDIA_UPLOAD_PATH}/:id`, admin, async (ctx) => {
    await media.remove(imageId.parse(ctx.params.id), commandContext(ctx, clock));
    ctx.body = { status: true, message: MEDIA_TEXTS.deleted };
  });

  return router;
}
