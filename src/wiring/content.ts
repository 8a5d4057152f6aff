import type { Logger } from 'pino';
import type { Clock } from '../core/clock';
import type { Services } from '../services';
import { contentReadModel } from '../../projections';
import type { CatalogueCommands, CataloguePort } from '../../modules/catalog';
import { createContentPages, seedAboutPage, type DishDescriptions, type MenuDishes } from '../../modules/content';
import { systemContext } from './system-context';

/**
 * Content pages (issue 39): the pages over their read model, a dish's description through the catalogue's own
 * command, the dishes a dish part may name from the customers' menu, and the `/about` page seeded from the brand
 * settings on a shop that has none.
 */
export async function wireContent(deps: { services: Services; catalogue: CatalogueCommands; menu: CataloguePort; clock: Clock; logger: Logger }) {
  const { services, catalogue, menu, clock, logger } = deps;
  const pages = contentReadModel(services.pool);
  if (await seedAboutPage({ services, pages }, systemContext(clock, 'about-page'))) logger.info('seeded the about page');
  const dishes: DishDescriptions = {
    describe: (productId, html, context) => catalogue.describeDish(productId, html, context),
    descriptionOf: (productId) => catalogue.descriptionOf(productId),
  };
  const onMenu: MenuDishes = { onMenu: async (productId) => (await menu.product(productId)) !== null };
  return { pages: createContentPages({ services, pages, dishes: onMenu }), dishes, readModel: pages };
}

export type WiredContent = Awaited<ReturnType<typeof wireContent>>;
