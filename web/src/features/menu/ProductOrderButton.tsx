import { AddToCartButton } from '../cart/AddToCartButton';
import { ChooseVariantButton } from './ChooseVariantButton';
import { hasVariants, type Product } from './menuApi';

/** 'Choose' for a product with variants, otherwise add-to-cart. */
export function ProductOrderButton({ product, size }: { product: Product; size?: 'sm' | 'lg' }) {
  return hasVariants(product) ? <ChooseVariantButton product={product} size={size} /> : <AddToCartButton product={product} size={size} />;
}
