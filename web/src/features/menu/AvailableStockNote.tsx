import type { Product } from './menuApi';
import { useGetAvailableStockQuery } from './menuApi';

/** The single product page's live stock line, asked of the stock itself rather than the menu. */
export function AvailableStockNote({ product }: { product: Product }) {
  const { data } = useGetAvailableStockQuery({ productId: product.id, productName: product.name });
  if (!data) return null;

  const text =
    'vars' in data
      ? data.vars.map((variant) => `${variant.name}: ${variant.available}`).join(', ') + ' available'
      : `${data.available} available`;
  return (
    <p className="small text-body-secondary" data-testid="available-stock">
      {text}
    </p>
  );
}
