import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { formatPence } from '../../../app/money';
import { DietaryInfo } from '../../menu/DietaryInfo';
import { ProductImage } from '../../menu/ProductImage';
import { ProductOrderButton } from '../../menu/ProductOrderButton';
import { StockLabel } from '../../menu/StockLabel';
import { RichText } from '../RichText';
import { DishPart } from './dishParts';
import type { PartViewProps } from './partKinds';

/**
 * A button '<dish> details' opening the dish in a modal (customer spec §2 "product modal"): its picture, its long
 * description (rich text, cleaned on the server), its price and its add button. Escape or Close shuts it.
 */
export default function DishDetails({ settings, slug, part }: PartViewProps<'product-modal'>) {
  const [open, setOpen] = useState(false);
  const titleId = `dish-details-${part.part_id}`;
  return (
    <DishPart slug={slug} productId={settings.productId}>
      {(dish) => (
        <>
          <Button variant="outline-primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
            {dish.name} details
          </Button>
          <Modal show={open} onHide={() => setOpen(false)} centered aria-labelledby={titleId} data-testid="dish-details">
            <Modal.Header closeButton closeLabel="Close">
              <Modal.Title id={titleId} as="h2" className="h5">
                {dish.name}
              </Modal.Title>
            </Modal.Header>
            <Modal.Body>
              <ProductImage src={dish.image} srcSet={dish.image_srcset} sizes="(min-width: 576px) 466px, 100vw" alt={dish.name} className="img-fluid rounded mb-3" />
              <p className="lead">{dish.short_desc}</p>
              <RichText html={dish.description} className="product-description" />
              <DietaryInfo dish={dish} />
              <p className="fs-5 fw-semibold mt-2" data-testid="product-price">
                {formatPence(dish.price)}
              </p>
              <div className="d-flex align-items-center gap-2">
                <ProductOrderButton product={dish} />
                <StockLabel item={dish} />
              </div>
            </Modal.Body>
          </Modal>
        </>
      )}
    </DishPart>
  );
}
