import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Services } from '../../src/services';
import { CONTENT_TEXTS, pageSlugProblem, type ContainerType, type ContentPage, type ContentPart, type PartKind } from '../../src/shared/content-pages';
import { pageDecider, type ContentCommand } from './decider';
import { pageStream } from './events';
import { dishesNamed, notOnMenu } from './parts';
import type { ContentReadModel, MenuDishes } from './ports';

/** The read model the pages are read from (projections/content); a change is answered once it shows there. */
export const CONTENT_READ_MODEL = 'content_pages';

export interface NewPart {
  kind: PartKind;
  containerType: ContainerType;
  container: string;
  after?: string;
  html?: string;
}

/** Identifies a part as the in-place editor's payload does (staff spec §3). */
export interface PartAddress {
  containerType: ContainerType;
  container: string;
  partId: string;
  compId: string;
}

/**
 * Content pages' handlers (issue 39): each command on the page's stream, then the answer read back from the read
 * model. A part is reached through the page that holds it; a header or footer part (the site's) through any page.
 */
export function createContentPages(deps: { services: Pick<Services, 'commands' | 'readModels'>; pages: ContentReadModel; dishes: MenuDishes }) {
  const { services, pages, dishes } = deps;

  const run = async (slug: string, command: ContentCommand, context: CommandContext) => {
    const result = await services.commands.handle(pageStream(slug), pageDecider, command, context);
    await services.readModels.waitFor(CONTENT_READ_MODEL, result.position);
  };
  const who = (context: CommandContext) => ({ by: context.actor, now: context.now });
  const pageOrRefuse = async (slug: string): Promise<ContentPage> => {
    const page = await pages.page(slug);
    if (!page) throw new DomainError('not_found', CONTENT_TEXTS.noPage);
    return page;
  };
  /** The part with that id on this page (its own, or one of the site's): another page's part is no such part. */
  const partOn = async (slug: string, partId: string) => {
    const found = await pages.part(partId);
    const siteWide = found !== undefined && (found.part.container_type === 'header' || found.part.container_type === 'footer');
    if (!found || (found.slug !== slug && !siteWide)) throw new DomainError('not_found', CONTENT_TEXTS.noPart);
    await pageOrRefuse(slug);
    return found;
  };
  const partNow = async (partId: string): Promise<ContentPart> => (await pages.part(partId))!.part;

  return {
    page: pageOrRefuse,
    list: () => pages.list(),

    async create(input: { slug: string; title: string; description: string }, context: CommandContext) {
      const problem = pageSlugProblem(input.slug);
      if (problem) throw new DomainError('invalid', `slug: ${problem}`);
      await run(input.slug, { type: 'CreatePage', ...input, ...who(context) }, context);
      return pageOrRefuse(input.slug);
    },

    async retitle(slug: string, input: { title?: string; description?: string }, context: CommandContext) {
      const page = await pageOrRefuse(slug);
      await run(slug, { type: 'RetitlePage', title: input.title ?? page.title, description: input.description ?? page.description, ...who(context) }, context);
      return pageOrRefuse(slug);
    },

    async publish(slug: string, published: boolean, context: CommandContext) {
      await pageOrRefuse(slug);
      await run(slug, { type: published ? 'PublishPage' : 'UnpublishPage', ...who(context) }, context);
      return pageOrRefuse(slug);
    },

    async addPart(slug: string, part: NewPart, context: CommandContext): Promise<ContentPart> {
      await pageOrRefuse(slug);
      const partId = randomUUID();
      await run(slug, { type: 'AddPagePart', partId, kind: part.kind, containerType: part.containerType, container: part.container, after: part.after, html: part.html ?? '', props: {}, ...who(context) }, context);
      return partNow(partId);
    },

    async removePart(slug: string, partId: string, context: CommandContext) {
      const found = await partOn(slug, partId);
      await run(found.slug, { type: 'RemovePagePart', partId, ...who(context) }, context);
      return pageOrRefuse(slug);
    },

    async history(slug: string, partId: string) {
      await partOn(slug, partId);
      return pages.history(partId);
    },

    /**
     * A part's settings (a gallery's pictures, a slideshow's pace), checked against its kind's schema; a dish part's
     * dishes must be on the menu (an unknown or hidden dish is refused, nothing changed).
     */
    async changeSettings(slug: string, partId: string, props: Record<string, unknown>, context: CommandContext): Promise<ContentPart> {
      const found = await partOn(slug, partId);
      for (const productId of new Set(dishesNamed(found.part.kind, props))) {
        if (!(await dishes.onMenu(productId))) throw notOnMenu(productId);
      }
      await run(found.slug, { type: 'ChangePartSettings', partId, props, ...who(context) }, context);
      return partNow(partId);
    },

    /** An older version's text as a new edit: the history keeps both. */
    async restore(slug: string, partId: string, version: number, context: CommandContext): Promise<ContentPart> {
      const found = await partOn(slug, partId);
      const older = (await pages.history(partId)).find((entry) => entry.version === version);
      if (!older) throw new DomainError('not_found', CONTENT_TEXTS.noVersion);
      await run(found.slug, { type: 'EditPagePart', partId, html: older.html, ...who(context) }, context);
      return partNow(partId);
    },

    /** The part the editor's payload names, or a refusal when any of its identifiers is not the part's. */
    async addressed(address: PartAddress): Promise<{ slug: string; part: ContentPart }> {
      const found = await pages.part(address.partId);
      const { part } = found ?? {};
      if (!found || !part || part.container_type !== address.containerType || part.container !== address.container || part.comp_id !== address.compId) {
        throw new DomainError('not_found', CONTENT_TEXTS.noPart);
      }
      return found;
    },

    /** Saves a text part's rich text (cleaned by the decider); answers the part as it stands after. */
    async edit(address: PartAddress, html: string, context: CommandContext): Promise<ContentPart> {
      const { slug } = await this.addressed(address);
      await run(slug, { type: 'EditPagePart', partId: address.partId, html, ...who(context) }, context);
      return partNow(address.partId);
    },
  };
}

export type ContentPages = ReturnType<typeof createContentPages>;
