import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { formatPence, formatPriceAdjustment } from '../../app/money';
import { ProductImage } from '../menu/ProductImage';
import { basketCapRefusal } from '../../../../src/shared/basket-caps';
import { useGetCartQuery, type CartItem } from './cartApi';
import { heldQuantity, linePrice, totalItems, unitPrice } from './cartFigures';
import { useBasketCaps } from './useBasketCaps';
import { QuantityControl } from './QuantityControl';
import { RemoveLineButton } from './RemoveLineButton';
import { useChangeQuantity } from './useChangeQuantity';

/** One basket line on the manage-cart page (spec §2). A released line is muted and holds nothing. */
export function CartRow({ item, cartLabel }: { item: CartItem; cartLabel: string }) {
  const { increase, decrease, remove, isProcessing } = useChangeQuantity(item);
  const itemName = item.variant ? `${item.name} (${item.variant})` : item.name;
  const caps = useBasketCaps();
  const { data: cart } = useGetCartQuery();
  // The server's own rule: one more is not offered beyond the caps.
  const capRefusal =
    caps && cart ? basketCapRefusal({ dish: itemName, dishUnits: heldQuantity(item), basketUnits: totalItems(cart), adding: 1, caps }) : null;

  return (
    <ListGroup.Item
      as="li"
      className={item.released ? 'text-body-secondary bg-body-tertiary' : undefined}
      data-testid="cart-row"
      data-product-id={item.id}
      data-variant-id={item.variant_id ?? ''}
      data-released={item.released}
    >
      <Row className="align-items-center g-2">
        <Col xs={3} sm={2} lg={1}>
          <ProductImage src={item.image} alt="" className="img-fluid rounded" />
        </Col>
        <Col xs={9} sm={4} lg={5}>
          <Link to={`/product/${item.id}`} className="fw-semibold">
            {item.name}
          </Link>
          <div className="small text-body-secondary">{item.short_desc}</div>
          {item.virtual && <div className="small fst-italic">This product is virtual</div>}
          {item.variant && (
            <div className="small" data-testid="line-variant">
              {item.variant} {formatPriceAdjustment(item.incremental_price)}
            </div>
          )}
          {item.released && (
            <div className="small text-warning-emphasis" data-testid="line-released">
              Reserved time ran out – add it again
            </div>
          )}
        </Col>
        <Col xs={4} sm={2} className="text-sm-end">
          <span className="visually-hidden">Unit price </span>
          <span data-testid="unit-price">{formatPence(unitPrice(item))}</span>
        </Col>
        <Col xs={4} sm={2} className="text-center">
          <QuantityControl
            item={item}
            itemName={itemName}
            isProcessing={isProcessing}
            capRefusal={capRefusal}
            onIncrease={increase}
            onDecrease={decrease}
          />
        </Col>
        <Col xs={4} sm={2} className="d-flex justify-content-end align-items-center gap-2">
          {!item.released && (
            <span>
              <span className="visually-hidden">Line price </span>
              <span data-testid="line-price">{formatPence(linePrice(item))}</span>
            </span>
          )}
          <RemoveLineButton itemName={itemName} cartLabel={cartLabel} disabled={isProcessing} onRemove={remove} />
        </Col>
      </Row>
    </ListGroup.Item>
  );
}
