import { ProductImage } from '../../menu/ProductImage';
import { DishPart } from './dishParts';
import type { PartViewProps } from './partKinds';

/** A dish's picture (customer spec §2 "product image"), or the shop's missing_product_image when it has none. */
export default function DishPicture({ settings, slug }: PartViewProps<'product-image'>) {
  return (
    <DishPart slug={slug} productId={settings.productId}>
      {(dish) => <ProductImage src={dish.image} srcSet={dish.image_srcset} sizes="(min-width: 576px) 400px, 100vw" alt={dish.name} className="img-fluid rounded dish-part-picture" />}
    </DishPart>
  );
}
