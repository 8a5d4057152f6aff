import Alert from 'react-bootstrap/Alert';

export function OrderingClosedNotice() {
  return (
    <Alert variant="warning" data-testid="ordering-closed">
      Sorry, we're closed &amp; not taking orders right now. Please try again when we're next open
    </Alert>
  );
}
