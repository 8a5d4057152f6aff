import Form from 'react-bootstrap/Form';
import { ALLERGEN_NAMES, ALLERGENS } from '../../../../src/shared/allergens';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectExcludedAllergens, setAllergenExcluded } from './allergenFilterSlice';

/** "Hide dishes containing ...", remembered on this device, with the restaurant's word on allergen information. */
export function AllergenFilter() {
  const excluded = useAppSelector(selectExcludedAllergens);
  const dispatch = useAppDispatch();
  // The restaurant's word sits outside the folded filter, so every customer reads it without opening anything;
  // it comes with the filter, in the same render as the menu, so it moves nothing already on the screen.
  return (
    <>
      <p className="small text-body-secondary mb-2" data-testid="allergen-notice">
        Allergen information comes from the restaurant. If you have an allergy, please call us before you order.
      </p>
      <details className="mb-3" open={excluded.length > 0} data-testid="allergen-filter">
        <summary>Allergies? Hide dishes containing…{excluded.length > 0 ? ` (${excluded.length} hidden)` : ''}</summary>
        <fieldset className="d-flex flex-wrap column-gap-3">
          <legend className="visually-hidden">Hide dishes containing</legend>
          {ALLERGENS.map((allergen) => (
            <Form.Check
              key={allergen}
              id={`hide-${allergen}`}
              label={ALLERGEN_NAMES[allergen]}
              checked={excluded.includes(allergen)}
              onChange={(event) => dispatch(setAllergenExcluded({ allergen, excluded: event.target.checked }))}
            />
          ))}
        </fieldset>
      </details>
    </>
  );
}
