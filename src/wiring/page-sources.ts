import type { PageSources } from '../http/html-page';
import type { Services } from '../services';
import { firstShownDishes } from '../shared/menu';
import type { MenuCache } from '../../projections';
import { readOpeningHours, readOpeningWeek, readSettings, readStoreBanner, settingKeySchema } from '../../modules/store';
import type { Clock } from '../core/clock';
import { pageShownTo } from '../shared/content-pages';
import type { ContentReadModel } from '../../modules/content';

/** The pages' heads and first screens read the settings and the catalogue from their in-memory copies. */
export function pageSources(settings: Services['settings'], menu: MenuCache, clock: Clock, pages: ContentReadModel): PageSources {
  return {
    settings: (keys) => readSettings(settings, keys.map((key) => settingKeySchema.parse(key))),
    menu: () => menu.get(),
    openingWeek: () => readOpeningWeek(settings, clock()),
    storeBanner: () => readStoreBanner(settings, clock),
    async contentPage(slug, user) {
      const page = await pages.page(slug);
      return page && pageShownTo(page.status, user?.role) ? page : null;
    },
    async shop() {
      const [values, hours] = await Promise.all([readSettings(settings, ['site_name', 'full_address', 'phone_no_display']), readOpeningHours(settings)]);
      return {
        siteName: String(values.site_name),
        address: String(values.full_address),
        phone: String(values.phone_no_display),
        week: hours.week,
        specialDays: hours.specialDays,
      };
    },
    async product(id) {
      const product = await menu.product(id);
      return product && { name: product.name, short_desc: product.short_desc, image: product.image };
    },
    async firstDishImage() {
      const [first] = firstShownDishes(await menu.catalogue(), 1);
      return first?.image ? { src: first.image, srcset: first.image_srcset } : null;
    },
  };
}
