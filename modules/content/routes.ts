import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import { commandContext } from '../../src/http/command-context';
import { noInput } from '../../src/http/inputs';
import { requireRole } from '../../src/identity/auth';
import type { User } from '../../src/identity/users';
import { richTextCleaning } from '../../src/rich-text';
import {
  CONTAINER_TYPES,
  CONTENT_TEXTS,
  CUSTOM_FIXTURE_NAME,
  defaultContainer,
  PAGE_DESCRIPTION_MAX,
  PAGE_SLUG,
  PAGE_TITLE_MAX,
  pageFragment,
  pageShownTo,
  PART_KINDS,
  type InPlaceEditAnswer,
} from '../../src/shared/content-pages';
import { RICH_TEXT_MAX_CHARS, RICH_TEXT_TEXTS } from '../../src/shared/rich-text-allow-list';
import { multiLineText, singleLineText } from '../../src/shared/text';
import type { ContentPages, PartAddress } from './pages';
import type { DishDescriptions } from './ports';

export const IPE_SAVE_PATH = '/api/ipe_save';
export const IPE_CANCEL_PATH = '/api/ipe_cancel';
/** The in-place editor's routes take the spec's form as well as JSON (src/http/json-body.ts). */
export const IN_PLACE_EDIT_PATHS: readonly string[] = [IPE_SAVE_PATH, IPE_CANCEL_PATH];

const slugParameter = z.string().regex(PAGE_SLUG, CONTENT_TEXTS.noPage);
const partIdParameter = z.uuid('partId: not a part id');
const title = singleLineText({ max: PAGE_TITLE_MAX, required: 'A page needs a title' });
const description = singleLineText({ max: PAGE_DESCRIPTION_MAX });
const newPage = z.strictObject({ slug: singleLineText({ max: 60 }), title, description });
const pageChange = z.strictObject({ title: title.optional(), description: description.optional() });
const container = singleLineText({ max: 60 });
const newPart = z.strictObject({
  kind: z.enum(PART_KINDS),
  container_type: z.enum(CONTAINER_TYPES).default('page'),
  container: container.optional(),
  after: z.uuid('after: not a part id').optional(),
});
/** A part's settings; what each kind allows is its schema's (`PART_SETTINGS`), checked by the decider. */
const settings = z.strictObject({ props: z.record(z.string().max(40), z.unknown()) });
const restore = z.strictObject({ version: z.number().int().positive().max(1_000_000) });

/** Rich text as sent: any text (a NUL or a lone surrogate is refused), at most a form's worth; cleaned after. */
const content = multiLineText({ max: 3 * RICH_TEXT_MAX_CHARS, keepSpaces: true });
const productId = z.union([z.number().int().positive().max(999_999_999), z.string().regex(/^[1-9][0-9]{0,8}$/, 'must be a number').transform(Number)]);
const partIdentifiers = {
  ipe_type: z.literal('pagepart'),
  container_type: z.enum(CONTAINER_TYPES),
  container,
  part_id: z.uuid('not a part id'),
  comp_id: singleLineText({ max: 80 }),
};
const ipeSave = z.discriminatedUnion('ipe_type', [
  z.strictObject({ ipe_type: z.literal('product'), content, product_id: productId }),
  z.strictObject({ ...partIdentifiers, content }),
]);
const ipeCancel = z.discriminatedUnion('ipe_type', [z.strictObject({ ipe_type: z.literal('product'), product_id: productId }), z.strictObject(partIdentifiers)]);

const parameter = <T>(schema: z.ZodType<T>, value: unknown, notFound: string): T => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new DomainError('not_found', notFound);
  return parsed.data;
};
const addressOf = (body: { container_type: PartAddress['containerType']; container: string; part_id: string; comp_id: string }): PartAddress => ({
  containerType: body.container_type,
  container: body.container,
  partId: body.part_id,
  compId: body.comp_id,
});

/**
 * Content pages (issue 39): reading a page (anyone, a draft only for admins), the admin's page and part routes,
 * and the in-place editor's `POST /api/ipe_save` and `/api/ipe_cancel` (staff spec §3, §7, §8). The editor's save
 * of the right shape always answers 200: `status: false` with a plain sentence when refused (the editor stays
 * open and shows it), and a non-empty `message` on success when cleaning took something away (a warning).
 */
export function contentRoutes(deps: { pages: ContentPages; dishes: DishDescriptions; clock: Clock }) {
  const { pages, dishes, clock } = deps;
  const router = new Router();
  const admin = requireRole('admin');
  const slugOf = (ctx: Context) => parameter(slugParameter, ctx.params.slug, CONTENT_TEXTS.noPage);
  const partIdOf = (ctx: Context) => partIdParameter.parse(ctx.params.partId);

  router.get('/api/pages', admin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pages.list();
  });

  /** The page as this visitor may see it: a draft is an admin's, anyone else is told there is no such page. */
  async function shownPage(ctx: Context) {
    const user = ctx.state.user as User | undefined;
    const page = await pages.page(slugOf(ctx)).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'not_found') return undefined;
      throw error;
    });
    if (!page || !pageShownTo(page.status, user?.role)) throw new DomainError('not_found', CONTENT_TEXTS.noPage);
    return page;
  }

  router.get('/api/pages/:slug', async (ctx) => {
    const page = await shownPage(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = page;
  });

  /**
   * The page's own text as an HTML fragment, for the pop-up of a link marked to open in it (issue 39 item 5; staff
   * spec §7 "The modal loads content by GET on the trigger link's href"): its text parts, cleaned when they were
   * saved, in order. A draft is no one's but an admin's here either. Never a document of its own: nothing in it
   * may run or load from elsewhere, even opened directly.
   */
  router.get('/api/pages/:slug/fragment', async (ctx) => {
    const page = await shownPage(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; frame-ancestors 'none'");
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = pageFragment(page);
  });

  router.post('/api/pages', admin, async (ctx) => {
    const body = newPage.parse(ctx.request.body);
    ctx.body = await pages.create(body, commandContext(ctx, clock));
  });

  router.patch('/api/pages/:slug', admin, async (ctx) => {
    const body = pageChange.parse(ctx.request.body);
    ctx.body = await pages.retitle(slugOf(ctx), body, commandContext(ctx, clock));
  });

  for (const [action, published] of [['publish', true], ['unpublish', false]] as const) {
    router.post(`/api/pages/:slug/${action}`, admin, async (ctx) => {
      noInput.parse(ctx.request.body);
      ctx.body = await pages.publish(slugOf(ctx), published, commandContext(ctx, clock));
    });
  }

  router.post('/api/pages/:slug/parts', admin, async (ctx) => {
    const body = newPart.parse(ctx.request.body);
    const slug = slugOf(ctx);
    const place = body.container ?? defaultContainer(body.container_type, slug);
    if (place === undefined || (body.container_type === 'custom fixture' && !CUSTOM_FIXTURE_NAME.test(place))) {
      throw new DomainError('invalid', 'container: name the custom fixture in lower-case letters, digits or dashes');
    }
    if (body.container_type === 'page' && place !== slug) throw new DomainError('invalid', "container: a page part's container is its page");
    if ((body.container_type === 'header' || body.container_type === 'footer') && place !== 'site') throw new DomainError('invalid', "container: the header's and footer's container is 'site'");
    ctx.body = await pages.addPart(slug, { kind: body.kind, containerType: body.container_type, container: place, after: body.after }, commandContext(ctx, clock));
  });

  router.delete('/api/pages/:slug/parts/:partId', admin, async (ctx) => {
    ctx.body = await pages.removePart(slugOf(ctx), partIdOf(ctx), commandContext(ctx, clock));
  });

  router.post('/api/pages/:slug/parts/:partId/settings', admin, async (ctx) => {
    const { props } = settings.parse(ctx.request.body);
    ctx.body = await pages.changeSettings(slugOf(ctx), partIdOf(ctx), props, commandContext(ctx, clock));
  });

  router.get('/api/pages/:slug/parts/:partId/history', admin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pages.history(slugOf(ctx), partIdOf(ctx));
  });

  router.post('/api/pages/:slug/parts/:partId/restore', admin, async (ctx) => {
    const { version } = restore.parse(ctx.request.body);
    ctx.body = await pages.restore(slugOf(ctx), partIdOf(ctx), version, commandContext(ctx, clock));
  });

  /** The text as it stands for these identifiers, or undefined for none (a dish or part that is not there). */
  const currentText = async (body: z.infer<typeof ipeCancel> | z.infer<typeof ipeSave>): Promise<string | undefined> => {
    if (body.ipe_type === 'product') return dishes.descriptionOf(body.product_id);
    return (await pages.addressed(addressOf(body)).catch(() => undefined))?.part.html;
  };

  router.post(IPE_SAVE_PATH, admin, async (ctx) => {
    const body = ipeSave.parse(ctx.request.body);
    const context = commandContext(ctx, clock);
    const cleaning = richTextCleaning(body.content);
    let answer: InPlaceEditAnswer;
    try {
      if (cleaning.html.length > RICH_TEXT_MAX_CHARS) throw new DomainError('invalid', RICH_TEXT_TEXTS.tooLong);
      const saved = body.ipe_type === 'product' ? await dishes.describe(body.product_id, body.content, context) : (await pages.edit(addressOf(body), body.content, context)).html;
      answer = { status: true, message: cleaning.removed ? RICH_TEXT_TEXTS.removed : '', original: saved };
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind === 'unavailable' || error.kind === 'too_many') throw error;
      answer = { status: false, message: error.message, original: (await currentText(body)) ?? '' };
    }
    ctx.body = answer;
  });

  router.post(IPE_CANCEL_PATH, admin, async (ctx) => {
    const body = ipeCancel.parse(ctx.request.body);
    const original = await currentText(body);
    const answer: InPlaceEditAnswer =
      original === undefined
        ? { status: false, original: '', message: body.ipe_type === 'product' ? CONTENT_TEXTS.noProduct : CONTENT_TEXTS.noPart }
        : { status: true, original, message: '' };
    ctx.body = answer;
  });

  return router;
}
