import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useAppDispatch } from '../../app/hooks';
import { errorText } from '../../app/serverMessage';
import { useHydrated } from '../../app/useHydrated';
import { londonDateTimeText } from '../../../../src/shared/london-time';
import { showDialog } from '../dialog/dialogSlice';
import { usePartHistoryQuery, useRestorePartMutation } from './contentApi';
import { RichText } from './RichText';

/** Every saved version of a page part, newest first, each with a one-click Restore (issue 39 item 3). */
export function PartHistoryButton({ slug, partId, label, onRestored }: { slug: string; partId: string; label: string; onRestored: (html: string) => void }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  return (
    <>
      <Button size="sm" variant="outline-dark" aria-label={`History of ${label}`} disabled={!hydrated} onClick={() => setOpen(true)}>
        History
      </Button>
      {open && <PartHistoryDialog slug={slug} partId={partId} label={label} onClose={() => setOpen(false)} onRestored={onRestored} />}
    </>
  );
}

function PartHistoryDialog({ slug, partId, label, onClose, onRestored }: { slug: string; partId: string; label: string; onClose: () => void; onRestored: (html: string) => void }) {
  const { data: versions, error, isLoading } = usePartHistoryQuery({ slug, partId });
  const [restore, restoring] = useRestorePartMutation();
  const dispatch = useAppDispatch();
  const onRestore = async (version: number) => {
    try {
      const part = await restore({ slug, partId, version }).unwrap();
      onRestored(part.html);
      onClose();
    } catch (caught) {
      dispatch(showDialog({ title: 'Not restored', message: errorText(caught), look: 'error' }));
    }
  };

  return (
    <Modal show onHide={onClose} scrollable aria-labelledby="part-history-title" data-testid="part-history">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="part-history-title" as="h2" className="h5">
          History of {label}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {isLoading && (
          <p role="status">
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            Loading the history…
          </p>
        )}
        {error && <p role="alert">{errorText(error)}</p>}
        {versions?.length === 0 && <p>No saved versions yet.</p>}
        <ol className="list-unstyled mb-0">
          {versions?.map((version, index) => (
            <li key={version.version} className="border-bottom py-2" data-testid="part-version">
              <p className="small text-body-secondary mb-1">
                Saved {londonDateTimeText(version.at)} by {version.by}
                {index === 0 && ' (shown now)'}
              </p>
              <RichText html={version.html} className="part-version-text" />
              {index > 0 && (
                <Button size="sm" variant="outline-dark" disabled={restoring.isLoading} onClick={() => void onRestore(version.version)} aria-label={`Restore the version saved ${londonDateTimeText(version.at)}`}>
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ol>
      </Modal.Body>
    </Modal>
  );
}
