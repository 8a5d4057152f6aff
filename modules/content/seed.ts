import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../src/core/decider';
import type { Services } from '../../src/services';
import { escapeHtml } from '../../src/shared/escape-html';
import { ABOUT_TAGLINE_FIXTURE } from '../../src/shared/content-pages';
import { PAGE_PATHS } from '../../src/shared/page-head';
import { readSettings } from '../store';
import { pageDecider, type ContentCommand } from './decider';
import { pageStream } from './events';
import { CONTENT_READ_MODEL } from './pages';
import type { ContentReadModel } from './ports';

export const ABOUT_SLUG = PAGE_PATHS.about.slice(1);
export { ABOUT_TAGLINE_FIXTURE };

/** The brand's about text (docs/brand.md: a blank line starts a new paragraph) as rich text. */
export function aboutTextAsRichText(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map((line) => escapeHtml(line.trim())).join('<br />')}</p>`)
    .join('');
}

/**
 * The `/about` page on a shop that has none (issue 39): published, with the brand settings' tagline in its
 * fixture and their about text as the page's text part, so both are edited in place from now on. True when seeded.
 */
export async function seedAboutPage(deps: { services: Pick<Services, 'commands' | 'readModels' | 'settings'>; pages: ContentReadModel }, context: CommandContext): Promise<boolean> {
  const { services, pages } = deps;
  if (await pages.page(ABOUT_SLUG)) return false;
  const brand = await readSettings(services.settings, ['site_name', 'site_tagline', 'about_text']);
  const who = { by: context.actor, now: context.now };
  const part = (containerType: 'page' | 'custom fixture', container: string, html: string): ContentCommand => ({
    type: 'AddPagePart',
    partId: randomUUID(),
    kind: 'text',
    containerType,
    container,
    after: undefined,
    html,
    props: {},
    ...who,
  });
  const commands: ContentCommand[] = [
    { type: 'CreatePage', slug: ABOUT_SLUG, title: 'About us', description: `${brand.site_name}: ${brand.site_tagline}`.slice(0, 300), ...who },
    part('custom fixture', ABOUT_TAGLINE_FIXTURE, `<p>${escapeHtml(brand.site_tagline)}</p>`),
    part('page', ABOUT_SLUG, aboutTextAsRichText(brand.about_text)),
    { type: 'PublishPage', ...who },
  ];
  let position;
  for (const command of commands) position = (await services.commands.handle(pageStream(ABOUT_SLUG), pageDecider, command, context)).position ?? position;
  await services.readModels.waitFor(CONTENT_READ_MODEL, position);
  return true;
}
