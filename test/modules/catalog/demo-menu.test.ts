import path from 'node:path';
import sharp from 'sharp';
import { DEMO_MENU } from '../../../modules/catalog/demo-menu';
import { ALLERGENS, type Allergen } from '../../../src/shared/allergens';

/**
 * The ingredients a dish's own words name, and the allergen each implies (issue 27 item 4). Gram flour (chickpea)
 * is not a cereal containing gluten, so "gram-flour batter" implies nothing; any other batter does.
 */
const IMPLIES: Array<[RegExp, Allergen]> = [
  [/\b(paneer|yoghurt|cream|butter|ghee|milk|cheese)/i, 'milk'],
  [/(naan|pastry|batter|wheat|bread|wholemeal)/i, 'gluten'],
  [/\b(almond|cashew|pistachio|walnut)/i, 'nuts'],
  [/\bpeanut/i, 'peanuts'],
  [/\bprawn/i, 'crustaceans'],
  [/\bmustard/i, 'mustard'],
  [/\begg/i, 'eggs'],
  [/\bsesame/i, 'sesame'],
];
const GRAM_FLOUR = /gram[- ]flour( batter)?/gi;

function implied(...texts: string[]): Allergen[] {
  const words = texts.join(' ').replace(GRAM_FLOUR, '');
  const found = new Set(IMPLIES.filter(([pattern]) => pattern.test(words)).map(([, allergen]) => allergen));
  return ALLERGENS.filter((allergen) => found.has(allergen));
}

const sorted = (list: readonly Allergen[]) => ALLERGENS.filter((allergen) => list.includes(allergen));
const dishes = DEMO_MENU.flatMap(({ products }) => products);

describe('the demo menu declares what its dishes contain (issue 27)', () => {
  it('reads the keywords as a kitchen would: gram flour is no gluten, a creamy sauce is milk', () => {
    expect(implied('Sliced onion in spiced gram-flour batter')).toEqual([]);
    expect(implied('Chicken in light batter')).toEqual(['gluten']);
    expect(implied('A mild, creamy sauce of coconut, almond and cardamom')).toEqual(['milk', 'nuts']);
    expect(implied('King Prawn')).toEqual(['crustaceans']);
  });

  it('declares every food dish, and nothing for the donation', () => {
    const undeclared = dishes.filter((dish) => !dish.virtual && dish.allergens === undefined).map((dish) => dish.name);
    expect(undeclared).toEqual([]);
    expect(dishes.filter((dish) => dish.virtual).map((dish) => [dish.name, dish.allergens])).toEqual([['Food Bank Donation', undefined]]);
  });

  it.each(dishes.filter((dish) => !dish.virtual).map((dish) => [dish.name, dish] as const))('%s declares the allergens its words imply', (_name, dish) => {
    expect(sorted(dish.allergens ?? [])).toEqual(implied(dish.name, dish.shortDescription, dish.description));
  });

  it('declares what each variant adds, by its own name', () => {
    const variants = dishes.flatMap((dish) => (dish.variants ?? []).map((variant) => ({ dish, variant })));
    for (const { dish, variant } of variants) {
      const adds = implied(variant.name).filter((allergen) => !(dish.allergens ?? []).includes(allergen));
      expect([`${dish.name} (${variant.name})`, sorted(variant.allergens ?? [])]).toEqual([`${dish.name} (${variant.name})`, adds]);
    }
    expect(variants.find(({ variant }) => variant.name === 'King Prawn')?.variant.allergens).toEqual(['crustaceans']);
  });
});

describe("the demo menu's drawings (issue 32)", () => {
  const dishes = DEMO_MENU.flatMap((category) => category.products).filter((dish) => !dish.virtual);

  /** A drawing as a 12×12 thumbnail's pixels: what a customer tells apart at a glance. */
  const thumbnail = (name: string) =>
    sharp(path.join(__dirname, '../../../web/public/images/dishes', `${name}.svg`)).resize(12, 12).removeAlpha().raw().toBuffer();
  const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, at) => sum + Math.abs(value - b[at]), 0) / a.length;

  it('gives every dish a drawing, and at least 20 of them look different from every other at thumbnail size', async () => {
    expect(dishes.every((dish) => dish.image)).toBe(true);
    const pixels = await Promise.all(dishes.map((dish) => thumbnail(dish.image!)));
    // Distinct: its thumbnail differs from every other dish's by more than 12 levels a channel on average.
    const distinct = pixels.filter((mine, at) => pixels.every((other, at2) => at2 === at || difference(mine, other) > 12));
    expect(distinct.length).toBeGreaterThanOrEqual(20);
  });
});
