import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PART_SETTINGS_LIMITS } from '../../../../../src/shared/part-settings';
import { hasVariants, useGetMenuQuery } from '../../menu/menuApi';
import { ADD_SEVERAL_DEFAULT_LABEL } from './addSeveralPlan';
import type { PartSettingsFormProps } from './partKinds';

const LABEL_MAX = 80;

/**
 * An add-several button's settings: its words and the dishes it adds, chosen from the menu (at most 20). A dish
 * with sizes or spice levels needs the visitor's choice, so it is not offered here.
 */
export default function AddSeveralSettingsForm({ settings, onSave, onCancel }: PartSettingsFormProps<'add-various-to-cart'>) {
  const { data: menu } = useGetMenuQuery();
  const [label, setLabel] = useState(settings.label);
  const [chosen, setChosen] = useState<number[]>(settings.productIds);
  const [saving, setSaving] = useState(false);
  const full = chosen.length >= PART_SETTINGS_LIMITS.dishes;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await onSave({ label: label.trim(), productIds: chosen });
    } catch {
      setSaving(false);
    }
  };
  const toggle = (productId: number) => setChosen((now) => (now.includes(productId) ? now.filter((id) => id !== productId) : [...now, productId]));

  return (
    <Form onSubmit={save} data-testid="add-several-settings">
      <Form.Group className="mb-3" controlId="add-several-label">
        <Form.Label>Words on the button</Form.Label>
        <Form.Control value={label} maxLength={LABEL_MAX} placeholder={ADD_SEVERAL_DEFAULT_LABEL} onChange={(event) => setLabel(event.target.value)} />
      </Form.Group>
      <p className="small text-body-secondary" id="add-several-limit">
        Up to {PART_SETTINGS_LIMITS.dishes} dishes, one of each per press; dishes with sizes or spice levels are added from their own page.
      </p>
      {menu?.categories.map((category) => (
        <fieldset key={category.id} className="mb-2" aria-describedby="add-several-limit">
          <legend className="h6">{category.name}</legend>
          {menu.products
            .filter((product) => product.category_id === category.id && !hasVariants(product))
            .map((product) => (
              <Form.Check
                key={product.id}
                id={`add-several-dish-${product.id}`}
                label={product.name}
                checked={chosen.includes(product.id)}
                disabled={full && !chosen.includes(product.id)}
                onChange={() => toggle(product.id)}
              />
            ))}
        </fieldset>
      ))}
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" variant="primary" disabled={saving || chosen.length === 0}>
          Save
        </Button>
        <Button variant="outline-dark" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
