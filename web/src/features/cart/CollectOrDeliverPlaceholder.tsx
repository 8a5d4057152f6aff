import Card from 'react-bootstrap/Card';

/** Takeaway mode's checkout area; the 'Collect or Deliver' issue fills it in. */
export function CollectOrDeliverPlaceholder() {
  return (
    <Card data-testid="collect-or-deliver">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Collect or Deliver
        </Card.Title>
        <Card.Text className="text-body-secondary">Choosing collection or delivery is coming soon.</Card.Text>
      </Card.Body>
    </Card>
  );
}
