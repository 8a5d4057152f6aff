import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useGetMenuQuery } from '../../menu/menuApi';
import { dishOnMenu } from './dishParts';
import type { PartSettingsFormProps } from './partKinds';

/** A dish part's one setting (its picture, its button, its details): the dish, chosen from the menu. */
export default function DishSettingsForm({ settings, onSave, onCancel }: PartSettingsFormProps<'product-image' | 'add-to-cart' | 'product-modal'>) {
  const { data: menu } = useGetMenuQuery();
  const [chosen, setChosen] = useState(settings.productId === null ? '' : String(settings.productId));
  const [saving, setSaving] = useState(false);
  const gone = menu && settings.productId !== null && !dishOnMenu(menu, settings.productId) ? settings.productId : undefined;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await onSave({ productId: chosen === '' ? null : Number(chosen) });
    } catch {
      setSaving(false);
    }
  };

  return (
    <Form onSubmit={save} data-testid="dish-settings">
      <Form.Group className="mb-3" controlId="dish-part-dish">
        <Form.Label>Dish</Form.Label>
        <Form.Select value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">No dish chosen</option>
          {gone !== undefined && <option value={gone}>Dish {gone} (no longer on the menu)</option>}
          {menu?.categories.map((category) => (
            <optgroup key={category.id} label={category.name}>
              {menu.products
                .filter((product) => product.category_id === category.id)
                .map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </Form.Select>
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" variant="primary" disabled={saving}>
          Save
        </Button>
        <Button variant="outline-dark" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
