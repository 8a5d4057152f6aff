import { textAsRichText } from '../../src/shared/rich-text-allow-list';
import type { CommandContext } from '../../src/core/decider';
import type { CommandHandler } from '../../src/core/handle-command';
import { createStockHandlers } from '../stock';
import { categoriesDecider, productDecider } from './decider';
import { CATEGORIES_STREAM, productStream } from './events';
import { DEMO_MENU } from './demo-menu';

/**
 * Seeds the demo menu through the catalogue's and stock's own commands (so as events), once: a shop that
 * already has categories is left alone.
 */
export async function seedDemoMenu(commands: CommandHandler, context: CommandContext): Promise<boolean> {
  const existing = await commands.load(CATEGORIES_STREAM, categoriesDecider);
  if (existing.categories.length > 0) return false;
  const stock = createStockHandlers(commands);
  let productId = 0;
  let variantId = 0;
  for (const [index, { category, products }] of DEMO_MENU.entries()) {
    const categoryId = index + 1;
    await commands.handle(CATEGORIES_STREAM, categoriesDecider, { type: 'AddCategory', data: { categoryId, name: category, position: index + 1 } }, context);
    for (const [position, product] of products.entries()) {
      productId += 1;
      await commands.handle(productStream(productId), productDecider, {
        type: 'AddProduct',
        data: {
          productId,
          categoryId,
          name: product.name,
          shortDescription: product.shortDescription,
          description: textAsRichText(product.description),
          pricePence: product.pricePence,
          image: product.image ? `/images/dishes/${product.image}.svg` : null,
          imageSrcset: null,
          virtual: product.virtual ?? false,
          vatRate: 'standard',
          allergens: product.allergens ?? [],
          // A dish listing its allergens is declared (every food dish, issue 27); the donation lists none.
          allergensDeclared: product.allergens !== undefined,
          vegetarian: product.vegetarian ?? false,
          vegan: false,
          spice: product.spice ?? 0,
          position: position + 1,
        },
        namesInCategory: [],
      }, context);
      if (!product.variants) {
        await stock.setLevel(productId, null, product.stock, context);
        continue;
      }
      for (const [weighting, variant] of product.variants.entries()) {
        variantId += 1;
        await commands.handle(productStream(productId), productDecider, {
          type: 'AddVariant',
          data: { productId, variantId, name: variant.name, incrementalPricePence: variant.incrementalPricePence, weighting: weighting + 1, allergens: variant.allergens ?? [], allergensDeclared: product.allergens !== undefined },
        }, context);
        await stock.setLevel(productId, variantId, variant.stock, context);
      }
    }
  }
  return true;
}
