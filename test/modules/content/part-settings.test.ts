import { pageDecider, type ContentEvent } from '../../../modules/content';
import { CONTENT_TEXTS } from '../../../src/shared/content-pages';
import { specFor } from '../../support/given-when-then';

const spec = specFor(pageDecider);
const who = { by: 'admin-1', at: '2026-11-30T12:00:00.000Z' };
const now = { by: 'admin-1', now: '2026-11-30T12:05:00.000Z' };
const partId = '00000000-0000-4000-8000-000000000001';
const created: ContentEvent = { type: 'PageCreated', data: { slug: 'story', title: 'Our story', description: '', ...who } };
const part = (kind: 'gallery' | 'text', props: Record<string, unknown>): ContentEvent => ({
  type: 'PagePartAdded',
  data: { slug: 'story', partId, compId: `${kind}-00000000`, kind, containerType: 'page', container: 'story', position: 1, html: '', props, ...who },
});

describe("a part's settings (issue 39 item 1)", () => {
  it('records the whole settings before and after, with the defaults filled in', () => {
    spec([created, part('gallery', { columns: 3, images: [] })])
      .when({ type: 'ChangePartSettings', partId, props: { columns: 2 }, ...now })
      .then([{ type: 'PagePartSettingsChanged', data: { slug: 'story', partId, before: { columns: 3, images: [] }, after: { columns: 2, images: [] }, by: 'admin-1', at: now.now } }]);
  });

  it('records nothing for the same settings, whatever order the stored ones came back in (jsonb)', () => {
    spec([created, part('gallery', { images: [], columns: 2 })])
      .when({ type: 'ChangePartSettings', partId, props: { columns: 2, images: [] }, ...now })
      .then([]);
  });

  it("refuses a text part's settings and a setting its kind does not have", () => {
    spec([created, part('text', {})]).when({ type: 'ChangePartSettings', partId, props: {}, ...now }).thenFails(CONTENT_TEXTS.textHasNoSettings, 'invalid');
    spec([created, part('gallery', { columns: 3, images: [] })]).when({ type: 'ChangePartSettings', partId, props: { autoplay: true }, ...now }).thenFails(/^props: /, 'invalid');
  });
});
