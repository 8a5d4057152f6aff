import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { formatPence, formatPriceAdjustment } from '../../app/money';
import { addButtonTitle } from '../cart/addButtonTitle';
import { useAddToCart } from '../cart/useAddToCart';
import { ALLERGEN_TEXTS, combinedAllergens, fromMenuAllergens } from '../../../../src/shared/allergens';
import { AllergenStatement, AskUsNotice } from './AllergenStatement';
import { canBeAdded, type Product } from './menuApi';

/**
 * Lists a product's active variants, each with what it contains (with its dish); choosing one adds a unit of it
 * to the basket. When one is undeclared, the shop's number to ask is above the list (no link inside a button).
 */
export function VariantsModal({ product, show, onHide }: { product: Product; show: boolean; onHide: () => void }) {
  const { addToCart, isProcessing, ordering } = useAddToCart();
  const activeVariants = product.variants.filter((variant) => variant.status === 'active');
  const titleId = `variants-title-${product.id}`;
  const dishFacts = fromMenuAllergens(product);
  const factsOf = (variant: Product['variants'][number]) => combinedAllergens(dishFacts, fromMenuAllergens(variant));
  const anyUndeclared = !product.virtual && activeVariants.some((variant) => !factsOf(variant).allergensDeclared);

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby={titleId} data-testid="variants-modal">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          Choose {product.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {anyUndeclared && <AskUsNotice text={ALLERGEN_TEXTS.notDeclared} />}
        <ListGroup>
          {activeVariants.map((variant) => {
            const inStock = canBeAdded(variant);
            const disabledBecause = addButtonTitle({ ordering, isProcessing, inStock });
            return (
              <ListGroup.Item
                key={variant.id}
                action
                as="button"
                type="button"
                disabled={disabledBecause !== undefined}
                title={disabledBecause}
                onClick={async () => {
                  if (await addToCart(product, variant)) onHide();
                }}
                className="d-flex justify-content-between align-items-center gap-2"
                data-testid="variant-option"
                data-variant-id={variant.id}
              >
                <span>
                  {variant.name} <span className="text-body-secondary">{formatPriceAdjustment(variant.incremental_price)}</span>
                  {!product.virtual && (
                    <span className="d-block small">
                      <AllergenStatement facts={factsOf(variant)} withPhone={false} testId="variant-option-allergens" />
                    </span>
                  )}
                </span>
                <span className="d-flex align-items-center gap-2">
                  <span>{formatPence(product.price + variant.incremental_price)}</span>
                  <Badge bg={inStock ? 'success' : 'secondary'} data-testid="variant-available">
                    {inStock ? `${variant.available} available` : 'no more stock'}
                  </Badge>
                </span>
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      </Modal.Body>
    </Modal>
  );
}
