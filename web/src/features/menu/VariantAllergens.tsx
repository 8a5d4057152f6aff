import { AllergenStatement } from './AllergenStatement';
import { combinedAllergens, dishAllergenFacts, fromMenuAllergens, type AllergenFacts } from '../../../../src/shared/allergens';
import type { Product } from './menuApi';

const same = (a: AllergenFacts, b: AllergenFacts) => a.allergensDeclared === b.allergensDeclared && a.allergens.join() === b.allergens.join();

/** On the product page: each variant whose allergens differ from what the dish's line says, with its own line. */
export function VariantAllergens({ product }: { product: Product }) {
  if (product.virtual) return null;
  const summary = dishAllergenFacts(product);
  const own = fromMenuAllergens(product);
  const differing = product.variants
    .map((variant) => ({ variant, facts: combinedAllergens(own, fromMenuAllergens(variant)) }))
    .filter(({ facts }) => !same(facts, summary));
  if (differing.length === 0) return null;
  return (
    <ul className="small list-unstyled" data-testid="variant-allergens">
      {differing.map(({ variant, facts }) => (
        <li key={variant.id}>
          {variant.name}: <AllergenStatement facts={facts} testId="variant-allergen-line" />
        </li>
      ))}
    </ul>
  );
}
