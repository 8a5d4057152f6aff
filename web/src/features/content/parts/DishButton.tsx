import { formatPence } from '../../../app/money';
import { ProductOrderButton } from '../../menu/ProductOrderButton';
import { StockLabel } from '../../menu/StockLabel';
import { DishPart } from './dishParts';
import type { PartViewProps } from './partKinds';

/**
 * A dish's add-to-basket button as the menu has it (customer spec §2 "add-to-cart"): the same closed-store and
 * stock rules, and 'Choose' opening the variants choice for a dish with sizes or spice levels.
 */
export default function DishButton({ settings, slug }: PartViewProps<'add-to-cart'>) {
  return (
    <DishPart slug={slug} productId={settings.productId}>
      {(dish) => (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="fw-semibold">{dish.name}</span>
          <span>{formatPence(dish.price)}</span>
          <ProductOrderButton product={dish} />
          <StockLabel item={dish} />
        </div>
      )}
    </DishPart>
  );
}
