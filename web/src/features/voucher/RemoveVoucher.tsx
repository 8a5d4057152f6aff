import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useAppDispatch } from '../../app/hooks';
import { errorText } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import { useDeleteVoucherUseMutation } from './voucherApi';
import { REMOVE_FAILED, REMOVE_QUESTION, REMOVED_MESSAGE, removeTitle, VOUCHER_DIALOG_MS } from './voucherTexts';

/**
 * Spec §4/§8: the voucher line's remove (x) asks first ("Remove Voucher: '{code}'"); once confirmed the use is
 * deleted and the order the server answers (postage and totals from the order) replaces the cached one.
 */
export function RemoveVoucher({ orderId, code }: { orderId: string; code: string }) {
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  const [deleteUse, { isLoading }] = useDeleteVoucherUseMutation();

  async function remove() {
    setAsking(false);
    try {
      await deleteUse({ orderId }).unwrap();
      dispatch(showDialog({ title: 'Done', message: REMOVED_MESSAGE, look: 'success', autoCloseMs: VOUCHER_DIALOG_MS }));
    } catch (failure) {
      dispatch(showDialog({ title: 'Sorry', message: `${REMOVE_FAILED}: ${errorText(failure)}`, look: 'error' }));
    }
  }

  return (
    <>
      <Button variant="link" size="sm" className="p-0 ms-2 align-baseline" onClick={() => setAsking(true)} disabled={isLoading} aria-label={`Remove voucher ${code}`} data-testid="voucher-remove">
        <span aria-hidden="true">×</span>
      </Button>
      <Modal show={asking} onHide={() => setAsking(false)} centered aria-labelledby="remove-voucher-title" data-testid="remove-voucher-dialog">
        <Modal.Header closeButton className="bg-warning-subtle">
          <Modal.Title id="remove-voucher-title" as="h2" className="h5">
            {removeTitle(code)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{REMOVE_QUESTION}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            No Thanks
          </Button>
          <Button variant="warning" onClick={() => void remove()}>
            Yes I&apos;m sure
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
