import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { MENU_CARD_IMAGE_SIZES } from '../../../../src/shared/menu';
import { formatPence } from '../../app/money';
import type { Product } from './menuApi';
import { DietaryInfo } from './DietaryInfo';
import { ProductImage } from './ProductImage';
import { ProductOrderButton } from './ProductOrderButton';
import { StockLabel } from './StockLabel';

export function ProductCard({ product, onFirstScreen = false }: { product: Product; onFirstScreen?: boolean }) {
  return (
    <Card className="h-100" data-testid="product-card" data-product-id={product.id} data-category-id={product.category_id}>
      <ProductImage src={product.image} srcSet={product.image_srcset} sizes={MENU_CARD_IMAGE_SIZES} alt="" className="card-img-top" eager={onFirstScreen} />
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h6">
          <Link to={`/product/${product.id}`}>{product.name}</Link>
        </Card.Title>
        <Card.Text className="text-body-secondary small flex-grow-1">{product.short_desc}</Card.Text>
        <DietaryInfo dish={product} />
        <div className="d-flex justify-content-between align-items-center gap-2">
          <span className="fw-semibold" data-testid="product-price">
            {formatPence(product.price)}
          </span>
          <span className="d-flex align-items-center gap-2">
            <StockLabel item={product} />
            <ProductOrderButton product={product} size="sm" />
          </span>
        </div>
      </Card.Body>
    </Card>
  );
}
