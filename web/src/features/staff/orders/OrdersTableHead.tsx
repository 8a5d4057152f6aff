import { SortArrows } from './SortArrows';
import type { OrderSort } from './sortOrders';

export function OrdersTableHead({ sort, onSort }: { sort: OrderSort; onSort: (sort: OrderSort) => void }) {
  return (
    <thead>
      <tr>
        <th scope="col">id</th>
        <th scope="col">Name &amp; Address</th>
        <th scope="col">Pay method</th>
        <th scope="col">Status</th>
        <th scope="col" className="order-sortable" aria-sort={ariaSort(sort, 'price')}>
          Order Total
          <SortArrows sortKey="price" label="order total" sort={sort} onSort={onSort} />
        </th>
        <th scope="col">[Qty] Items</th>
        <th scope="col" className="order-sortable" aria-sort={ariaSort(sort, 'received')}>
          Received
          <SortArrows sortKey="received" label="time received" sort={sort} onSort={onSort} />
        </th>
        <th scope="col" className="order-sortable" aria-sort={ariaSort(sort, 'due')}>
          Due
          <SortArrows sortKey="due" label="time due" sort={sort} onSort={onSort} />
        </th>
      </tr>
    </thead>
  );
}

function ariaSort(sort: OrderSort, key: OrderSort['key']): 'ascending' | 'descending' | undefined {
  return sort.key === key ? sort.direction : undefined;
}
