import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useGetMenuQuery } from '../../menu/menuApi';
import { dishOnMenu } from './dishParts';
import type { PartSettingsFormProps } from './partKinds';
import { SettingsActions, useSettingsSubmit } from './SettingsActions';

/** A dish part's one setting (its picture, its button, its details): the dish, chosen from the menu. */
export default function DishSettingsForm({ settings, onSave, onCancel, label }: PartSettingsFormProps<'product-image' | 'add-to-cart' | 'product-modal'>) {
  const { data: menu } = useGetMenuQuery();
  const [chosen, setChosen] = useState(settings.productId === null ? '' : String(settings.productId));
  const gone = menu && settings.productId !== null && !dishOnMenu(menu, settings.productId) ? settings.productId : undefined;

  const { problem, saving, submit } = useSettingsSubmit(() => null, () => onSave({ productId: chosen === '' ? null : Number(chosen) }));

  return (
    <Form onSubmit={submit} data-testid="dish-settings">
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
      <SettingsActions problem={problem} saving={saving} onCancel={onCancel} label={label} />
    </Form>
  );
}
