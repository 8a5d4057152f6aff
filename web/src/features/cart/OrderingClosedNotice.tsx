import Alert from 'react-bootstrap/Alert';
import { CLOSED_REFUSAL } from '../../../../src/shared/store-status';

export function OrderingClosedNotice() {
  return (
    <Alert variant="warning" data-testid="ordering-closed">
      {CLOSED_REFUSAL}
    </Alert>
  );
}
