import Badge from 'react-bootstrap/Badge';
import type { Product } from './menuApi';
import { AllergenStatement } from './AllergenStatement';
import { dishAllergenFacts } from '../../../../src/shared/allergens';

const SPICE = ['', 'Mild', 'Medium', 'Hot'];

/**
 * A dish's dietary tags and what it contains, on the menu card and the product page: always a line on its
 * allergens, "not declared" with the shop's number when nobody declared them (issue 27). A virtual item (a
 * donation) has no allergens to speak of.
 */
export function DietaryInfo({ dish }: { dish: Product }) {
  const tags = [dish.vegan ? 'Vegan' : dish.vegetarian ? 'Vegetarian' : null, SPICE[dish.spice] ? `${SPICE[dish.spice]} spice` : null].filter((tag) => tag !== null);
  if (tags.length === 0 && dish.virtual) return null;
  return (
    <div className="small mb-2" data-testid="dietary-info">
      {tags.map((tag) => (
        <Badge key={tag} bg="light" text="dark" className="border me-1">
          {tag}
        </Badge>
      ))}
      {!dish.virtual && (
        <div>
          <AllergenStatement facts={dishAllergenFacts(dish)} />
        </div>
      )}
    </div>
  );
}
