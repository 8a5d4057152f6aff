import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Clock } from '../core/clock';
import type { Services } from '../services';
import { createPhotoStore, photoReceiver, uploadsFolder } from '../uploads';
import { stockLevels, type MenuCache } from '../../projections';
import { createCatalogue, createMenuTransfer, seedDemoMenu } from '../../modules/catalog';
import { stockRowProblem, type createDailyStock } from '../../modules/stock';
import { systemContext } from './system-context';

/** The demo menu, on a first start with DEMO_MENU; true when it was seeded now. */
export async function seedTheDemoMenu(config: Config, services: Services, clock: Clock, logger: Logger): Promise<boolean> {
  const seeded = config.DEMO_MENU && (await seedDemoMenu(services.commands, systemContext(clock, 'demo-menu')));
  if (seeded) logger.info('seeded the demo menu');
  return Boolean(seeded);
}

/** The catalogue's editing, its photos, and the menu's CSV transfer (which sets par levels through the stock). */
export function wireCatalog(deps: { config: Config; services: Services; menu: MenuCache; dailyStock: ReturnType<typeof createDailyStock> }) {
  const { services, menu, dailyStock } = deps;
  const photos = createPhotoStore(uploadsFolder(deps.config.dataDir));
  const catalogue = createCatalogue({ services, menu, photos });
  const menuTransfer = createMenuTransfer({
    services,
    menu,
    catalogue,
    photos,
    parLevels: {
      read: () => stockLevels(services.pool),
      set: (productId, variantId, parLevel, context) => dailyStock.setParLevel(productId, variantId, parLevel, context),
      problem: stockRowProblem,
    },
  });
  // One receiver for every upload route (the menu editor's and the media library's): they take turns together.
  const receivePhoto = photoReceiver(photos);
  return { photos, receivePhoto, catalogue, menuTransfer };
}
