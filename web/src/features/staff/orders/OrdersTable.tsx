import type { AlarmMinutes } from './UnprintedAlarm';
import Table from 'react-bootstrap/Table';
import type { LiveOrder } from './kitchenOrder';
import { OrderRow } from './OrderRow';
import { OrdersTableHead } from './OrdersTableHead';
import type { OrderSort } from './sortOrders';

interface OrdersTableProps {
  orders: LiveOrder[];
  sort: OrderSort;
  onSort: (sort: OrderSort) => void;
  now: number;
  alarmMinutes: AlarmMinutes;
}

export function OrdersTable({ orders, sort, onSort, now, alarmMinutes }: OrdersTableProps) {
  return (
    // Below 992 px each order is a card of its own (liveOrders.css): no table is wider than a phone or a tablet.
    <Table bordered size="sm" className="align-top orders-table" data-testid="orders-table">
      <caption className="visually-hidden">Today's orders</caption>
      <OrdersTableHead sort={sort} onSort={onSort} />
      <tbody>
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} now={now} alarmMinutes={alarmMinutes} />
        ))}
        {orders.length === 0 && (
          <tr>
            <td colSpan={8} className="text-center text-muted">
              No orders to show
            </td>
          </tr>
        )}
      </tbody>
    </Table>
  );
}
