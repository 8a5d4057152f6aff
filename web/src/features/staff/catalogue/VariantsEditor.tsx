import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { parsePounds, penceAsPounds } from '../../../../../src/shared/money';
import { serverMessage } from '../../../app/serverMessage';
import { ALLERGEN_NAMES, ALLERGENS, type Allergen } from '../../../../../src/shared/allergens';
import { useAddVariantMutation, useChangeVariantMutation, type EditableDish } from './catalogueApi';

type Variant = EditableDish['variants'][number];

/** A dish's variants (sizes, spice levels): name, price adjustment (may be negative or zero) and order. */
export function VariantsEditor({ dish }: { dish: EditableDish }) {
  const [add, adding] = useAddVariantMutation();
  const [change, changing] = useChangeVariantMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const error = adding.error ?? changing.error;

  const save = async (variant: Variant | null, name: string, adjustment: string, weighting: string, allergens: Allergen[]) => {
    const pence = parsePounds(adjustment, { negative: true });
    if (pence === null) return setProblem('Give the price adjustment in pounds, e.g. 1.50, 0 or -0.50');
    setProblem(null);
    const body = { name, incremental_price: pence, allergens, ...(weighting.trim() === '' ? {} : { weighting: Number(weighting) }) };
    return variant ? change({ id: variant.id, body }) : add({ dishId: dish.id, body });
  };

  return (
    <section aria-labelledby={`variants-${dish.id}`} className="mt-4" data-testid="variants-editor">
      <h3 id={`variants-${dish.id}`} className="h5">
        Variants of {dish.name}
      </h3>
      {(problem || error) && (
        <Alert variant="danger" role="alert">
          {problem ?? serverMessage(error, 'The variant could not be saved; please try again.')}
        </Alert>
      )}
      <Table size="sm" className="align-middle">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Price adjustment (£)</th>
            <th scope="col">Order</th>
            <th scope="col">Contains beyond the dish</th>
            <th scope="col">
              <span className="visually-hidden">Save</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {dish.variants.map((variant) => (
            <VariantRow key={variant.id} variant={variant} onSave={(...fields) => save(variant, ...fields)} />
          ))}
          <VariantRow key={`new-${dish.variants.length}`} variant={null} onSave={(...fields) => save(null, ...fields)} />
        </tbody>
      </Table>
    </section>
  );
}

function VariantRow({ variant, onSave }: { variant: Variant | null; onSave: (name: string, adjustment: string, weighting: string, allergens: Allergen[]) => unknown }) {
  const [allergens, setAllergens] = useState<Allergen[]>(variant?.allergens ?? []);
  const [name, setName] = useState(variant?.name ?? '');
  const [adjustment, setAdjustment] = useState(variant ? penceAsPounds(variant.incremental_price) : '0.00');
  const [weighting, setWeighting] = useState(variant ? String(variant.weighting) : '');
  const label = variant ? `variant ${variant.name}` : 'the new variant';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(name, adjustment, weighting, allergens);
  };
  return (
    <tr data-testid="variant-row">
      <td>
        <Form.Control size="sm" value={name} maxLength={60} placeholder={variant ? undefined : 'New variant, e.g. Large'} aria-label={`Name of ${label}`} onChange={(event) => setName(event.target.value)} />
      </td>
      <td>
        <Form.Control size="sm" value={adjustment} inputMode="decimal" aria-label={`Price adjustment of ${label}`} onChange={(event) => setAdjustment(event.target.value)} />
      </td>
      <td>
        <Form.Control size="sm" value={weighting} inputMode="numeric" aria-label={`Order of ${label}`} onChange={(event) => setWeighting(event.target.value)} />
      </td>
      <td>
        <Form.Select
          size="sm"
          multiple
          htmlSize={3}
          value={allergens}
          aria-label={`Allergens of ${label} beyond the dish's`}
          onChange={(event) => setAllergens(ALLERGENS.filter((allergen) => Array.from(event.target.selectedOptions, (option) => option.value).includes(allergen)))}
        >
          {ALLERGENS.map((allergen) => (
            <option key={allergen} value={allergen}>
              {ALLERGEN_NAMES[allergen]}
            </option>
          ))}
        </Form.Select>
      </td>
      <td>
        <Button size="sm" onClick={submit} disabled={name.trim() === ''}>
          {variant ? 'Save variant' : 'Add variant'}
        </Button>
      </td>
    </tr>
  );
}
