import { useMemo } from 'react';
import { ALLERGEN_NAMES, ALLERGENS, hiddenDishesNote } from '../../../../src/shared/allergens';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectExcludedAllergens, setAllergenExcluded } from './allergenFilterSlice';
import type { Menu } from './menuApi';
import { hiddenByAllergens } from './withoutAllergens';

/**
 * "Hide dishes containing ...", remembered on this device, with the restaurant's word on allergen information
 * and how many dishes it hides (undeclared dishes among them: with any allergen ticked, they are hidden too).
 */
export function AllergenFilter({ menu }: { menu: Menu }) {
  const excluded = useAppSelector(selectExcludedAllergens);
  const dispatch = useAppDispatch();
  const note = useMemo(() => {
    const { hidden, undeclared } = hiddenByAllergens(menu, excluded);
    return hiddenDishesNote(hidden, undeclared);
  }, [menu, excluded]);
  // The restaurant's word sits outside the folded filter, so every customer reads it without opening anything;
  // it comes with the filter, in the same render as the menu, so it moves nothing already on the screen.
  return (
    <>
      <p className="small text-body-secondary mb-2" data-testid="allergen-notice">
        Allergen information comes from the restaurant. If you have an allergy, please call us before you order.
      </p>
      <details className="mb-3" open={excluded.length > 0} data-testid="allergen-filter">
        <summary>
          Allergies? Hide dishes containing…{' '}
          {/* Spoken as it changes: ticking an allergen says how many dishes went. */}
          <span aria-live="polite" data-testid="allergen-filter-note">
            {note === null ? '' : `(${note})`}
          </span>
        </summary>
        <fieldset className="d-flex flex-wrap column-gap-3">
          <legend className="visually-hidden">Hide dishes containing</legend>
          {/* Bootstrap's check markup written out: react-bootstrap's Form.Check adds four components and their
              hooks per check, fourteen times in the menu's first render, for the same elements. */}
          {ALLERGENS.map((allergen) => (
            <div key={allergen} className="form-check">
              <input
                type="checkbox"
                id={`hide-${allergen}`}
                className="form-check-input"
                checked={excluded.includes(allergen)}
                onChange={(event) => dispatch(setAllergenExcluded({ allergen, excluded: event.target.checked }))}
              />
              <label htmlFor={`hide-${allergen}`} className="form-check-label">
                {ALLERGEN_NAMES[allergen]}
              </label>
            </div>
          ))}
        </fieldset>
      </details>
    </>
  );
}
