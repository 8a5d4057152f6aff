import Badge from 'react-bootstrap/Badge';
import { ALLERGEN_NAMES, type Allergen } from '../../../../src/shared/allergens';

const SPICE = ['', 'Mild', 'Medium', 'Hot'];

/** A dish's dietary tags and what it contains, on the menu card and the product page. */
export function DietaryInfo({ dish }: { dish: { allergens: Allergen[]; vegetarian: boolean; vegan: boolean; spice: number } }) {
  const tags = [dish.vegan ? 'Vegan' : dish.vegetarian ? 'Vegetarian' : null, SPICE[dish.spice] ? `${SPICE[dish.spice]} spice` : null].filter((tag) => tag !== null);
  if (tags.length === 0 && dish.allergens.length === 0) return null;
  return (
    <div className="small mb-2" data-testid="dietary-info">
      {tags.map((tag) => (
        <Badge key={tag} bg="light" text="dark" className="border me-1">
          {tag}
        </Badge>
      ))}
      {dish.allergens.length > 0 && <div data-testid="allergens">Contains: {dish.allergens.map((allergen) => ALLERGEN_NAMES[allergen]).join(', ')}</div>}
    </div>
  );
}
