import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/** Opening outside the hours is allowed on purpose (a late rush): staff confirm it first (issue 14). */
/** `reason`: today's special day's message (closed for a holiday), or ''. */
export function OpenOutsideHoursModal({ show, reason, onConfirm, onCancel }: { show: boolean; reason: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="open-outside-hours-title" data-testid="open-outside-hours">
      <Modal.Header closeButton closeLabel="Not now">
        <Modal.Title id="open-outside-hours-title" as="h2" className="h5">
          Outside opening hours
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {reason && (
          <p className="fw-bold" data-testid="closed-reason">
            {reason}
          </p>
        )}
        It is outside the opening hours. Open anyway? The store then stays open until you close it or until the next closing time.
      </Modal.Body>
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
