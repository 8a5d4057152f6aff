import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { SoundEnabler } from '../sound/SoundEnabler';
import { useRepeatingBeep } from '../sound/useRepeatingBeep';
import { AwaitingPaymentCount } from './AwaitingPaymentCount';
import { LiveConnectionLost } from './LiveConnectionLost';
import { useTodaysOrdersQuery } from './liveOrdersApi';
import { OrdersTable } from './OrdersTable';
import { OrdersWaitingHeading } from './OrdersWaitingHeading';
import { OrderTally } from './OrderTally';
import { useOrdersChannelQuery } from './ordersChannelApi';
import { sortOrders } from './sortOrders';
import { useNow } from './useNow';
import { useOrderSort } from './useOrderSort';
import { useUnprintedAlarmMinutes } from './useUnprintedAlarmMinutes';
import { alarmStageOf } from './UnprintedAlarm';

const ALERT_EVERY_MS = 3000;
/** The unprinted alarm's second stage: louder and every second, over every other sound. */
const SECOND_STAGE_EVERY_MS = 1000;
/** Not in the spec: the gentler chime for phone orders awaiting payment, far less often than the NEW alarm. */
const AWAITING_PAYMENT_CHIME_EVERY_MS = 15_000;

/** Mount point `liveOrders`: today's orders, live from `/events/orders`. */
export function LiveOrders() {
  const { data: orders, isLoading, isError } = useTodaysOrdersQuery();
  const { data: channel } = useOrdersChannelQuery();
  const [showComplete, setShowComplete] = useState(true);
  const [sort, setSort] = useOrderSort(orders);
  const now = useNow();
  const alarmMinutes = useUnprintedAlarmMinutes();

  const waiting = orders?.filter((order) => order.status === 'NEW').length ?? 0;
  const unpaid = orders?.filter((order) => order.status === 'AWAITING-PAYMENT') ?? [];
  const awaitingPayment = unpaid.length;
  const connectionLost = channel?.connection === 'lost';
  // The spec's 3 s alarm for orders to cook; while there are none, the quiet chime for calls to expect.
  const secondStage = orders?.some((order) => alarmStageOf(order, now, alarmMinutes) === 'second') ?? false;
  const alert = secondStage ? 'unprinted-second-stage' : waiting > 0 ? 'new-order' : awaitingPayment > 0 ? 'awaiting-payment' : 'none';
  useRepeatingBeep(alert === 'unprinted-second-stage', 'unprintedSecondStage', SECOND_STAGE_EVERY_MS);
  useRepeatingBeep(alert === 'new-order', 'newOrder', ALERT_EVERY_MS);
  useRepeatingBeep(alert === 'awaiting-payment', 'awaitingPayment', AWAITING_PAYMENT_CHIME_EVERY_MS);
  useRepeatingBeep(connectionLost, 'connectionLost', ALERT_EVERY_MS);

  const shown = sortOrders(orders?.filter((order) => showComplete || order.status !== 'COMPLETE') ?? [], sort);

  return (
    <section id="liveOrders" aria-labelledby="orders-waiting" data-testid="live-orders" data-connection={channel?.connection} data-alert={alert}>
      {connectionLost && <LiveConnectionLost />}
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <OrdersWaitingHeading count={waiting} />
        <AwaitingPaymentCount count={awaitingPayment} totalPence={unpaid.reduce((sum, order) => sum + order.total_cost, 0)} />
        <OrderTally />
        <SoundEnabler />
        <Button variant="outline-secondary" size="sm" className="ms-auto" onClick={() => setShowComplete((shown) => !shown)}>
          {showComplete ? 'Hide Complete Orders' : 'Show Complete Orders'}
        </Button>
      </div>
      {isLoading && <Spinner animation="border" role="status" aria-label="Loading today's orders" />}
      {isError && <Alert variant="danger">There was an ERROR fetching today's orders</Alert>}
      {orders && <OrdersTable orders={shown} sort={sort} onSort={setSort} now={now} alarmMinutes={alarmMinutes} />}
    </section>
  );
}
