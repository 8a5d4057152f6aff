import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useParams } from 'react-router';
import { formatPence } from '../app/money';
import { AvailableStockNote } from '../features/menu/AvailableStockNote';
import { CategoryFilter } from '../features/menu/CategoryFilter';
import { MenuLoadState } from '../features/menu/MenuLoadState';
import { useGetMenuQuery } from '../features/menu/menuApi';
import { ProductImage } from '../features/menu/ProductImage';
import { ProductOrderButton } from '../features/menu/ProductOrderButton';
import { StockLabel } from '../features/menu/StockLabel';
import { DietaryInfo } from '../features/menu/DietaryInfo';
import { VariantAllergens } from '../features/menu/VariantAllergens';
import { useSquareProductImages } from '../features/menu/useSquareProductImages';
import { EditableText } from '../features/content/EditableText';
import { NotFoundPage } from './NotFoundPage';

/** /product/:id, the single product page (element id singleProduct). */
export function ProductPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const menuQuery = useGetMenuQuery();
  const menu = menuQuery.data;
  const product = menu?.products.find((candidate) => String(candidate.id) === id);
  const squareArea = useSquareProductImages<HTMLDivElement>();

  if (!menu) return <MenuLoadState query={menuQuery} />;
  if (!product) return <NotFoundPage />;
  const category = menu.categories.find((candidate) => candidate.id === product.category_id);

  return (
    <article id="singleProduct" data-testid="single-product" data-product-id={product.id}>
      {/* Toggling a category goes back to the menu, filtered. */}
      <CategoryFilter categories={menu.categories} onToggled={() => navigate('/')} />
      <Row className="g-4">
        <Col md={5} {...squareArea}>
          <ProductImage src={product.image} srcSet={product.image_srcset} sizes="(min-width: 768px) 50vw, 100vw" alt={product.name} className="img-fluid rounded w-100" eager />
        </Col>
        <Col md={7}>
          {category && <p className="text-body-secondary mb-1">{category.name}</p>}
          <h1 className="h3">{product.name}</h1>
          <p className="lead">{product.short_desc}</p>
          <EditableText html={product.description} target={{ ipe_type: 'product', product_id: product.id }} label="the description" className="product-description" />
          <DietaryInfo dish={product} />
          <VariantAllergens product={product} />
          <p className="fs-4 fw-semibold" data-testid="product-price">
            {formatPence(product.price)}
          </p>
          <AvailableStockNote product={product} />
          <div className="d-flex align-items-center gap-2">
            <ProductOrderButton product={product} />
            <StockLabel item={product} />
          </div>
          <p className="mt-4">
            <Link to="/">Back to the menu</Link>
          </p>
        </Col>
      </Row>
    </article>
  );
}
