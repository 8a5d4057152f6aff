import { Link } from 'react-router';
import { MENU_CARD_IMAGE_SIZES } from '../../../../src/shared/menu';
import { formatPence } from '../../app/money';
import type { Product } from './menuApi';
import { DietaryInfo } from './DietaryInfo';
import { ProductImage } from './ProductImage';
import { ProductOrderButton } from './ProductOrderButton';
import { StockLabel } from './StockLabel';
import './ProductCard.css';

/**
 * One dish (issue 32): below 768 px a compact row (name, two lines of description, badges and price, a small
 * square picture on the right with the add button over its corner); from 768 px a card in the menu's grid.
 * One set of elements for both, laid out by ProductCard.css, so each dish has one add button at every width.
 */
export function ProductCard({ product, onFirstScreen = false }: { product: Product; onFirstScreen?: boolean }) {
  return (
    <article className="card h-100 dish" data-testid="product-card" data-product-id={product.id} data-category-id={product.category_id} aria-labelledby={`dish-${product.id}`}>
      <ProductImage src={product.image} srcSet={product.image_srcset} sizes={MENU_CARD_IMAGE_SIZES} alt="" className="dish-thumb" eager={onFirstScreen} />
      <h3 className="h6 dish-name" id={`dish-${product.id}`}>
        <Link to={`/product/${product.id}`}>{product.name}</Link>
      </h3>
      <p className="text-body-secondary small dish-desc">{product.short_desc}</p>
      <div className="dish-facts">
        <DietaryInfo dish={product} />
      </div>
      <div className="dish-price d-flex align-items-center gap-2 flex-wrap">
        <span className="fw-semibold" data-testid="product-price">
          {formatPence(product.price)}
        </span>
        <StockLabel item={product} />
      </div>
      <div className="dish-action">
        <ProductOrderButton product={product} size="sm" />
      </div>
    </article>
  );
}
