import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useRepeatingBeep } from '../sound/useRepeatingBeep';
import { useChangeStoreState } from './useChangeStoreState';

const BEEP_EVERY_MS = 1000;

/** 'Time to open for orders', beeping every second until answered; `due` and `dismiss` are useTimeToOpen's. */
export function OpenTimeModal({ due, dismiss }: { due: boolean; dismiss: () => void }) {
  const { changeTo, isChanging } = useChangeStoreState();
  useRepeatingBeep(due, 'openTime', BEEP_EVERY_MS);

  const openNow = async () => {
    if (await changeTo('open')) dismiss();
  };

  return (
    <Modal show={due} onHide={dismiss} centered aria-labelledby="open-time-title" data-testid="open-time-modal">
      <Modal.Header closeButton closeLabel="Not yet">
        <Modal.Title id="open-time-title" as="h2" className="h5">
          Time to open for orders
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>The store is closed, and it is within opening hours.</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={dismiss}>
          Not yet
        </Button>
        <Button variant="success" onClick={openNow} disabled={isChanging}>
          Open Now?
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
