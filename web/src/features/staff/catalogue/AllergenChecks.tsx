import Form from 'react-bootstrap/Form';
import { ALLERGEN_NAMES, ALLERGENS, type Allergen } from '../../../../../src/shared/allergens';

/** The 14 allergens as checkboxes, for a dish or a variant. */
export function AllergenChecks({ id, legend, value, onChange }: { id: string; legend: string; value: Allergen[]; onChange: (allergens: Allergen[]) => void }) {
  const toggle = (allergen: Allergen, on: boolean) => onChange(ALLERGENS.filter((candidate) => (candidate === allergen ? on : value.includes(candidate))));
  return (
    <fieldset className="mb-2">
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      <div className="d-flex flex-wrap column-gap-3">
        {ALLERGENS.map((allergen) => (
          <Form.Check
            key={allergen}
            id={`${id}-${allergen}`}
            label={ALLERGEN_NAMES[allergen]}
            checked={value.includes(allergen)}
            onChange={(event) => toggle(allergen, event.target.checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}
