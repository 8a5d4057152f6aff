import type { Logger } from 'pino';
import type { Clock } from '../core/clock';
import type { Services } from '../services';
import { contentReadModel } from '../../projections';
import type { CatalogueCommands } from '../../modules/catalog';
import { createContentPages, seedAboutPage, type DishDescriptions } from '../../modules/content';
import { systemContext } from './system-context';

/**
 * Content pages (issue 39): the pages over their read model, a dish's description through the catalogue's own
 * command, and the `/about` page seeded from the brand settings on a shop that has none.
 */
export async function wireContent(deps: { services: Services; catalogue: CatalogueCommands; clock: Clock; logger: Logger }) {
  const { services, catalogue, clock, logger } = deps;
  const pages = contentReadModel(services.pool);
  if (await seedAboutPage({ services, pages }, systemContext(clock, 'about-page'))) logger.info('seeded the about page');
  const dishes: DishDescriptions = {
    describe: (productId, html, context) => catalogue.describeDish(productId, html, context),
    descriptionOf: (productId) => catalogue.descriptionOf(productId),
  };
  return { pages: createContentPages({ services, pages }), dishes, readModel: pages };
}

export type WiredContent = Awaited<ReturnType<typeof wireContent>>;
