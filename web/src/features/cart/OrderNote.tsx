import { useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useGetCartQuery, useGetOrderExtraQuery, useUpdateCartNoteMutation } from './cartApi';

const SAVE_DELAY_MS = 500;
const NOTE_MAX_LENGTH = 1000;

/** The optional free-text note for the order, saved to the session 500 ms after the shopper stops typing. */
export function OrderNote() {
  const { data: savedNote } = useGetOrderExtraQuery();
  const { data: cart } = useGetCartQuery();
  const [updateCartNote] = useUpdateCartNoteMutation();
  // null until the shopper types: until then the saved note shows.
  const [draft, setDraft] = useState<string | null>(null);
  const unsaved = useRef<string | null>(null);

  useEffect(() => {
    if (draft === null) return;
    unsaved.current = draft;
    const timer = setTimeout(() => {
      unsaved.current = null;
      updateCartNote({ order_extra: draft });
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, updateCartNote]);

  // Leaving the page inside the pause still saves what was typed.
  useEffect(
    () => () => {
      if (unsaved.current !== null) updateCartNote({ order_extra: unsaved.current });
    },
    [updateCartNote],
  );

  return (
    <Form.Group className="my-3" controlId="order-extra">
      <Form.Label className="visually-hidden">Extra info about your order</Form.Label>
      <Form.Control
        as="textarea"
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        placeholder="(optional) extra info about your order"
        value={draft ?? savedNote ?? cart?.order_extra ?? ''}
        onChange={(event) => setDraft(event.target.value)}
        data-testid="order-extra"
      />
    </Form.Group>
  );
}
