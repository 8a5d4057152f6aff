import { readSettings, type SettingsSource } from '../../projections/settings/queries';
import type { MenuCache } from '../../projections/menu/cache';
import type { PageSources } from './html-page';

/** The pages' heads read the settings and the catalogue from their in-memory copies. */
export function pageSources(deps: { settings: SettingsSource; menu: MenuCache }): PageSources {
  return {
    async shop() {
      const values = await readSettings(deps.settings, ['site_name', 'full_address', 'phone_no_display', 'open_time', 'close_time']);
      return {
        siteName: String(values.site_name),
        address: String(values.full_address),
        phone: String(values.phone_no_display),
        opens: String(values.open_time),
        closes: String(values.close_time),
      };
    },
    async product(id) {
      const product = await deps.menu.product(id);
      return product && { name: product.name, short_desc: product.short_desc, image: product.image };
    },
  };
}
