import { Fragment, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import '../stackedTable.css';
import { formatPence } from '../../../app/money';
import { useVouchersStatusQuery } from '../../voucher/voucherApi';
import { fieldsOf } from './voucherForm';
import { VoucherForm } from './VoucherForm';
import { VoucherUses } from './VoucherUses';
import { useCreateVoucherMutation, useEditVoucherMutation, useSetVoucherEnabledMutation, useSetVouchersOnMutation, useVouchersQuery } from './vouchersApi';

/** /takeaway-vouchers (issue 19 item 3): vouchers on or off for the store, the list, create, edit, disable, uses. */
export function VoucherManager() {
  const { data: on } = useVouchersStatusQuery();
  const [setOn] = useSetVouchersOnMutation();
  const { data: vouchers } = useVouchersQuery();
  const [create] = useCreateVoucherMutation();
  const [edit] = useEditVoucherMutation();
  const [setEnabled] = useSetVoucherEnabledMutation();
  const [editing, setEditing] = useState<string | null>(null);
  const [showingUses, setShowingUses] = useState<string | null>(null);

  return (
    <section data-testid="voucher-manager">
      <h1 className="h3 mb-3">Vouchers</h1>
      <Form.Check
        type="switch"
        id="vouchers-on"
        label="Customers can use vouchers"
        checked={on === true}
        onChange={(event) => void setOn(event.target.checked)}
        className="mb-3"
        data-testid="vouchers-on"
      />
      <Card className="mb-4">
        <Card.Body>
          <Card.Title as="h2" className="h5">
            New voucher
          </Card.Title>
          <VoucherForm editing={false} onSave={(input) => create(input).unwrap()} />
        </Card.Body>
      </Card>
      <Table responsive size="sm" className="align-middle table-stacked" data-testid="voucher-list">
        <thead>
          <tr>
            <th scope="col">Codes</th>
            <th scope="col">Description</th>
            <th scope="col">Status</th>
            <th scope="col" className="text-end">Uses held</th>
            <th scope="col" className="text-end">Given away</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {vouchers?.map((voucher) => (
            <Fragment key={voucher.voucherId}>
              <tr data-testid="voucher-row">
                <td>
                  {voucher.singleUse ? `${voucher.codeCount} single-use codes` : voucher.codes[0]}
                  {voucher.singleUse && (
                    <>
                      {' '}
                      <a href={`/api/vouchers/${voucher.voucherId}/codes.csv`} download>
                        Codes (CSV)
                      </a>
                    </>
                  )}
                </td>
                <td data-label="Description">{voucher.description}</td>
                <td data-label="Status">{voucher.status === 'active' ? 'Active' : 'Disabled'}</td>
                <td className="text-md-end" data-label="Uses held">{voucher.usesHeld}</td>
                <td className="text-md-end" data-label="Given away">{formatPence(voucher.givenAwayPence)}</td>
                <td className="text-nowrap">
                  <Button size="sm" variant="outline-secondary" className="me-1" onClick={() => setEditing(editing === voucher.voucherId ? null : voucher.voucherId)}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    className="me-1"
                    onClick={() => void setEnabled({ voucherId: voucher.voucherId, enabled: voucher.status !== 'active' })}
                    data-testid="voucher-toggle"
                  >
                    {voucher.status === 'active' ? 'Disable' : 'Enable'}
                  </Button>
                  <Button size="sm" variant="outline-secondary" onClick={() => setShowingUses(showingUses === voucher.voucherId ? null : voucher.voucherId)}>
                    Uses
                  </Button>
                </td>
              </tr>
              {editing === voucher.voucherId && (
                <tr>
                  <td colSpan={6}>
                    <VoucherForm
                      editing
                      initial={fieldsOf(voucher.terms)}
                      onSave={async ({ terms }) => {
                        await edit({ voucherId: voucher.voucherId, terms }).unwrap();
                        setEditing(null);
                      }}
                      onCancel={() => setEditing(null)}
                    />
                  </td>
                </tr>
              )}
              {showingUses === voucher.voucherId && (
                <tr>
                  <td colSpan={6}>
                    <VoucherUses voucherId={voucher.voucherId} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
