import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { formatPence } from '../../../app/money';
import { useHydrated } from '../../../app/useHydrated';
import { addButtonTitle } from '../../cart/addButtonTitle';
import { useAddToCart } from '../../cart/useAddToCart';
import { useGetMenuQuery } from '../../menu/menuApi';
import { ADD_SEVERAL_DEFAULT_LABEL, addSeveralOutcome, addSeveralPlan, LEFT_OUT_BECAUSE } from './addSeveralPlan';
import { AdminNote, DISH_PART_NOTES } from './dishParts';
import type { PartViewProps } from './partKinds';

/**
 * One button with the setting's words adding one unit of each chosen dish (customer spec §2 "add-various-to-cart"),
 * each through the shop's own add (its stock and closed-store rules). It lists the dishes it adds; those it cannot
 * add now (sold out, or needing a choice of size or spice) are named after the press, and the rest still added.
 */
export default function AddSeveral({ settings, part }: PartViewProps<'add-various-to-cart'>) {
  const { data: menu } = useGetMenuQuery();
  const { addToCart, ordering, cartLabel } = useAddToCart();
  const [adding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState('');
  const hydrated = useHydrated();
  if (settings.productIds.length === 0) return <AdminNote>{DISH_PART_NOTES.noDishes}</AdminNote>;
  if (!menu) return null;
  const plan = addSeveralPlan(menu, settings.productIds);
  const gone = settings.productIds.filter((id) => !plan.listed.some((dish) => dish.id === id));
  if (plan.listed.length === 0) return <AdminNote>{gone.map(DISH_PART_NOTES.offMenu).join(' ')}</AdminNote>;
  const disabledBecause = addButtonTitle({ ordering, isProcessing: adding, inStock: plan.adding.length > 0 });
  const listId = `add-several-${part.part_id}`;

  const addAll = async () => {
    setAdding(true);
    setOutcome('');
    const leftOut = [...plan.leftOut];
    let added = 0;
    for (const dish of plan.adding) {
      if (await addToCart(dish)) added += 1;
      else leftOut.push({ name: dish.name, why: LEFT_OUT_BECAUSE.soldOut });
    }
    setAdding(false);
    setOutcome(addSeveralOutcome(added, leftOut, cartLabel));
  };

  return (
    <div data-testid="add-several" aria-busy={!hydrated}>
      <ul className="list-unstyled mb-2" id={listId}>
        {plan.listed.map((dish) => (
          <li key={dish.id}>
            {dish.name} <span className="text-body-secondary">{formatPence(dish.price)}</span>
          </li>
        ))}
      </ul>
      <Button variant="primary" disabled={disabledBecause !== undefined} title={disabledBecause} aria-describedby={listId} onClick={addAll}>
        {adding ? 'Adding…' : settings.label || ADD_SEVERAL_DEFAULT_LABEL}
      </Button>
      <p role="status" className="mt-2 mb-0" data-testid="add-several-outcome">
        {outcome}
      </p>
      {gone.length > 0 && <AdminNote>{gone.map(DISH_PART_NOTES.offMenu).join(' ')}</AdminNote>}
    </div>
  );
}
