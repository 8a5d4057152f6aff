import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/** Opening outside the hours is allowed on purpose (a late rush): staff confirm it first (issue 14). */
export function OpenOutsideHoursModal({ show, onConfirm, onCancel }: { show: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="open-outside-hours-title" data-testid="open-outside-hours">
      <Modal.Header closeButton closeLabel="Not now">
        <Modal.Title id="open-outside-hours-title" as="h2" className="h5">
          Outside opening hours
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>It is outside the opening hours. Open anyway? The store then stays open until you close it or until the next closing time.</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Not now
        </Button>
        <Button variant="warning" onClick={onConfirm}>
          Open anyway
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
