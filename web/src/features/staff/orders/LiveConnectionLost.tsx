import Alert from 'react-bootstrap/Alert';

/** Loud on purpose: without the live connection new orders do not show up here. */
export function LiveConnectionLost() {
  return (
    <Alert variant="danger" className="fs-4 fw-bold text-center border-3 border-danger" role="alert" data-testid="live-connection-lost">
      LIVE CONNECTION LOST – orders may be missing
    </Alert>
  );
}
