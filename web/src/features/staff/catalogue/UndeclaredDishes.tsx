import { Link } from 'react-router';
import { allergensUndeclared } from '../../../../../src/shared/allergens';
import type { EditableDish } from './catalogueApi';

/**
 * At the top of the menu editor: the dishes whose allergens (or a variant's) nobody has declared yet, each a
 * link that opens it in the dish form, and how many (virtual items have none to declare). Issue 27.
 */
export function UndeclaredDishes({ dishes }: { dishes: EditableDish[] }) {
  const undeclared = dishes.filter(allergensUndeclared);
  if (undeclared.length === 0) {
    return (
      <p className="text-success-emphasis" data-testid="undeclared-dishes" data-count={0}>
        Every dish’s allergens are declared.
      </p>
    );
  }
  return (
    <section aria-labelledby="undeclared-heading" className="alert alert-warning" data-testid="undeclared-dishes" data-count={undeclared.length}>
      <h2 id="undeclared-heading" className="h5">
        Allergens not declared: {undeclared.length} {undeclared.length === 1 ? 'dish' : 'dishes'}
      </h2>
      <p className="small mb-1">Customers are asked to call before ordering these, and anyone filtering out an allergen does not see them.</p>
      <ul className="mb-0">
        {undeclared.map((dish) => {
          const variants = dish.allergens_declared ? dish.variants.filter((variant) => !variant.allergens_declared).map((variant) => variant.name) : [];
          return (
            <li key={dish.id}>
              <Link to={{ search: `?dish=${dish.id}` }} replace className="alert-link">
                {dish.name}
              </Link>
              {variants.length > 0 && ` (variants ${variants.join(', ')})`}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
