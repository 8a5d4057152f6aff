import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { londonDateTimeText } from '../../../../../src/shared/london-time';
import { formatPence } from '../../../app/money';
import { useVoucherUsesQuery } from './vouchersApi';

/** A voucher's uses (order ref, date, deduction, customer) with the total given away, and the CSV of them. */
export function VoucherUses({ voucherId }: { voucherId: string }) {
  const { data, isLoading } = useVoucherUsesQuery(voucherId);
  if (isLoading || !data) return <Spinner animation="border" size="sm" role="status"><span className="visually-hidden">Loading the uses…</span></Spinner>;

  return (
    <div data-testid="voucher-uses">
      <p className="mb-1">
        Given away: <strong data-testid="voucher-given-away">{formatPence(data.givenAwayPence)}</strong>{' '}
        <a href={`/api/vouchers/${voucherId}/uses.csv`} download>
          Export uses (CSV)
        </a>
      </p>
      <Table size="sm">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Code</th>
            <th scope="col">Status</th>
            <th scope="col" className="text-end">Deduction</th>
            <th scope="col">Customer</th>
          </tr>
        </thead>
        <tbody>
          {data.uses.map((use) => (
            <tr key={use.orderId} data-testid="voucher-use">
              <td>{use.orderRef}</td>
              <td>{londonDateTimeText(use.reservedAt)}</td>
              <td>{use.code}</td>
              <td>{use.status}</td>
              <td className="text-end">{formatPence(use.deductionPence)}</td>
              <td>{use.customer}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
