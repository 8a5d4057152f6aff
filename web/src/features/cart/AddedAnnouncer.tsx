import { useAppSelector } from '../../app/hooks';
import { formatPence } from '../../app/money';
import { useShopSettings } from '../settings/useShopSettings';
import { useGetCartQuery } from './cartApi';
import { totalItems, totalPrice } from './cartFigures';
import { selectLastAdded } from './addedSlice';

/**
 * Issue 32: every add is announced, politely, on phone and desktop alike: "Chicken Korma added. Your Cart: 3
 * items, £18.40". One live region for the whole shop, present from the first render so screen readers hear it.
 */
export function AddedAnnouncer() {
  const { name, count } = useAppSelector(selectLastAdded);
  const { cartLabel } = useShopSettings();
  const { data: cart } = useGetCartQuery();
  const items = cart ? totalItems(cart) : 0;
  const text = name && cart ? `${name} added. Your ${cartLabel}: ${items} ${items === 1 ? 'item' : 'items'}, ${formatPence(totalPrice(cart))}.` : '';
  return (
    <div role="status" aria-live="polite" className="visually-hidden" data-testid="added-announcement" data-count={count}>
      {text}
    </div>
  );
}
