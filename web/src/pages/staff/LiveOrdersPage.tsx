import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { DeliveryToggle } from '../../features/staff/delivery/DeliveryToggle';
import { UndeclaredAllergensWarning } from '../../features/staff/catalogue/UndeclaredAllergensWarning';
import { LowStockWarning } from '../../features/staff/oos/LowStockWarning';
import { LiveOrders } from '../../features/staff/orders/LiveOrders';
import { RequireRole } from '../../features/staff/RequireRole';
import { OpenTimeModal } from '../../features/staff/store-state/OpenTimeModal';
import { useTimeToOpen } from '../../features/staff/store-state/useTimeToOpen';
import { StoreStatePanel } from '../../features/staff/store-state/StoreStatePanel';
import { StoreLog } from '../../features/staff/store-log/StoreLog';
import { CardRefunds } from '../../features/staff/refunds/CardRefunds';

/** /takeaway: the kitchen's screen. */
export function LiveOrdersPage() {
  return (
    <RequireRole role="staff">
      <Row className="align-items-start">
        <Col md="auto">
          <StoreStatePanel />
        </Col>
        <Col md="auto">
          <DeliveryToggle />
        </Col>
      </Row>
      <UndeclaredAllergensWarning />
      <LiveOrders />
      <CardRefunds />
      <StoreLog />
      <ArrivalQuestions />
    </RequireRole>
  );
}

/**
 * The screen's two questions, one at a time: whether to open the store first, then the low stock (issue 38), which
 * waits until the first is known not to be asked.
 */
function ArrivalQuestions() {
  const openTime = useTimeToOpen();
  return (
    <>
      <OpenTimeModal due={openTime.due} dismiss={openTime.dismiss} />
      <LowStockWarning held={openTime.due || !openTime.known} />
    </>
  );
}
