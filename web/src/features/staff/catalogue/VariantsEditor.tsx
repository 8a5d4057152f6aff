import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { parsePounds, penceAsPounds } from '../../../../../src/shared/money';
import { serverMessage } from '../../../app/serverMessage';
import { AllergenChecks } from './AllergenChecks';
import type { AllergenDeclaration } from './allergenDeclaration';
import { useAddVariantMutation, useArchiveVariantMutation, useChangeVariantMutation, type EditableDish } from './catalogueApi';

type Variant = EditableDish['variants'][number];

interface VariantFields {
  name: string;
  adjustment: string;
  weighting: string;
  declaration: AllergenDeclaration;
}

/**
 * A dish's variants (sizes, spice levels): name, price adjustment (may be negative or zero), order, and what
 * each adds to the dish's allergens, with the same 14 boxes and "adds none" box as the dish's (issue 27).
 */
export function VariantsEditor({ dish }: { dish: EditableDish }) {
  const [add, adding] = useAddVariantMutation();
  const [change, changing] = useChangeVariantMutation();
  const [archive, archiving] = useArchiveVariantMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const error = adding.error ?? changing.error ?? archiving.error;

  // As a dish is archived (DishForm): after a confirmation, for good (issue 38 item 3).
  const archiveVariant = (variant: Variant) => {
    if (window.confirm(`Archive ${variant.name} of ${dish.name}? It leaves the menu for good.`)) void archive(variant.id);
  };

  const save = async (variant: Variant | null, { name, adjustment, weighting, declaration }: VariantFields) => {
    const pence = parsePounds(adjustment, { negative: true });
    if (pence === null) return setProblem('Give the price adjustment in pounds, e.g. 1.50, 0 or -0.50');
    setProblem(null);
    const body = {
      name,
      incremental_price: pence,
      allergens: declaration.allergens,
      allergens_declared: declaration.declared,
      ...(weighting.trim() === '' ? {} : { weighting: Number(weighting) }),
    };
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
      <ul className="list-unstyled">
        {dish.variants.map((variant) => (
          <VariantRow key={variant.id} variant={variant} dishVirtual={dish.virtual} onSave={(fields) => save(variant, fields)} onArchive={() => archiveVariant(variant)} archiving={archiving.isLoading} />
        ))}
        <VariantRow key={`new-${dish.variants.length}`} variant={null} dishVirtual={dish.virtual} onSave={(fields) => save(null, fields)} />
      </ul>
    </section>
  );
}

function VariantRow({
  variant,
  dishVirtual,
  onSave,
  onArchive,
  archiving = false,
}: {
  variant: Variant | null;
  dishVirtual: boolean;
  onSave: (fields: VariantFields) => unknown;
  onArchive?: () => void;
  archiving?: boolean;
}) {
  const [declaration, setDeclaration] = useState<AllergenDeclaration>({ allergens: variant?.allergens ?? [], declared: variant?.allergens_declared ?? false });
  const [name, setName] = useState(variant?.name ?? '');
  const [adjustment, setAdjustment] = useState(variant ? penceAsPounds(variant.incremental_price) : '0.00');
  const [weighting, setWeighting] = useState(variant ? String(variant.weighting) : '');
  const label = variant ? `variant ${variant.name}` : 'the new variant';
  const id = `variant-${variant?.id ?? 'new'}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave({ name, adjustment, weighting, declaration });
  };
  // The visible label is short; the spoken one says which variant (the visible words first, as axe asks).
  const labelled = (text: string) => (
    <>
      {text}
      <span className="visually-hidden"> of {label}</span>
    </>
  );
  return (
    <li className="border rounded p-2 mb-2" data-testid="variant-row">
      <Form onSubmit={submit} aria-label={variant ? `Variant ${variant.name}` : 'New variant'}>
        <Row className="g-2 align-items-end">
          <Col sm={5}>
            <Form.Group controlId={`${id}-name`}>
              <Form.Label className="small mb-0">{labelled('Name')}</Form.Label>
              <Form.Control size="sm" value={name} maxLength={60} placeholder={variant ? undefined : 'New variant, e.g. Large'} onChange={(event) => setName(event.target.value)} />
            </Form.Group>
          </Col>
          <Col sm={4}>
            <Form.Group controlId={`${id}-price`}>
              <Form.Label className="small mb-0">{labelled('Price adjustment')} (£)</Form.Label>
              <Form.Control size="sm" value={adjustment} inputMode="decimal" onChange={(event) => setAdjustment(event.target.value)} />
            </Form.Group>
          </Col>
          <Col sm={3}>
            <Form.Group controlId={`${id}-order`}>
              <Form.Label className="small mb-0">{labelled('Order')}</Form.Label>
              <Form.Control size="sm" value={weighting} inputMode="numeric" onChange={(event) => setWeighting(event.target.value)} />
            </Form.Group>
          </Col>
        </Row>
        {!dishVirtual && (
          <div className="mt-2">
            <AllergenChecks id={`${id}-allergens`} legend={`Allergens of ${label} beyond the dish's`} of="variant" value={declaration} onChange={setDeclaration} />
          </div>
        )}
        <div className="d-flex gap-2">
          <Button type="submit" size="sm" disabled={name.trim() === ''}>
            {variant ? 'Save variant' : 'Add variant'}
          </Button>
          {variant && onArchive && (
            <Button variant="outline-danger" size="sm" onClick={onArchive} disabled={archiving} aria-label={`Archive variant ${variant.name}`}>
              Archive variant
            </Button>
          )}
        </div>
      </Form>
    </li>
  );
}
