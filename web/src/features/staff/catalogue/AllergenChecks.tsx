import Form from 'react-bootstrap/Form';
import { ALLERGEN_NAMES, ALLERGEN_TEXTS, ALLERGENS } from '../../../../../src/shared/allergens';
import { declarationStatus, declareComplete, declareNone, toggleAllergen, type AllergenDeclaration } from './allergenDeclaration';

/** The declaring boxes' words: one home, for the editor and its tests. */
export const DECLARING_LABELS = {
  dishNone: ALLERGEN_TEXTS.noneDeclared,
  variantNone: 'This variant adds none',
  complete: 'This list is complete',
} as const;

interface AllergenChecksProps {
  id: string;
  legend: string;
  of: 'dish' | 'variant';
  value: AllergenDeclaration;
  onChange: (value: AllergenDeclaration) => void;
}

/**
 * The 14 allergens as checkboxes, for a dish or a variant, and the one box that declares them: "contains none"
 * (a variant: "adds none") while nothing is ticked, "this list is complete" once something is. Until one is
 * ticked the fieldset says "Not declared yet" and the customers are told to ask (issue 27).
 */
export function AllergenChecks({ id, legend, of, value, onChange }: AllergenChecksProps) {
  const statusId = `${id}-status`;
  const empty = value.allergens.length === 0;
  return (
    <fieldset className="mb-2" aria-describedby={statusId} data-testid="allergen-checks" data-declared={value.declared}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      <p id={statusId} className={`small mb-1 ${value.declared ? 'text-success-emphasis' : 'fw-semibold text-danger-emphasis'}`} data-testid="allergen-declaration">
        {declarationStatus(value, of)}
      </p>
      <div className="d-flex flex-wrap column-gap-3">
        {ALLERGENS.map((allergen) => (
          <Form.Check
            key={allergen}
            id={`${id}-${allergen}`}
            label={ALLERGEN_NAMES[allergen]}
            checked={value.allergens.includes(allergen)}
            onChange={(event) => onChange(toggleAllergen(value, allergen, event.target.checked))}
          />
        ))}
      </div>
      {empty ? (
        <Form.Check
          id={`${id}-none`}
          className="mt-1 fw-semibold"
          label={of === 'dish' ? DECLARING_LABELS.dishNone : DECLARING_LABELS.variantNone}
          checked={value.declared}
          onChange={(event) => onChange(declareNone(event.target.checked))}
        />
      ) : (
        <Form.Check
          id={`${id}-complete`}
          className="mt-1 fw-semibold"
          label={DECLARING_LABELS.complete}
          checked={value.declared}
          onChange={(event) => onChange(declareComplete(value, event.target.checked))}
        />
      )}
    </fieldset>
  );
}
