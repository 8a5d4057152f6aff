import { useEffect } from 'react';
import Modal from 'react-bootstrap/Modal';
import { ErrorIcon } from '../../components/icons/ErrorIcon';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { closeDialog, closeDialogShowing, DIALOG_HEADER_CLASS, selectOpenDialog } from './dialogSlice';

/** Spec §2 "Generic modal dialog": a close 'x' button and a body area, in an error, success or info look; the
 *  first of the queued dialogs. An error look's title has the error icon (spec §8): decorative (the title says
 *  what happened), drawn at the title's own size in the header's one line, so nothing moves when it shows. */
export function AppDialog() {
  const dialog = useAppSelector(selectOpenDialog);
  const dispatch = useAppDispatch();

  // A timed dialog's time starts when it shows, not when it was queued behind another.
  useEffect(() => {
    if (!dialog?.autoCloseMs) return;
    const timer = setTimeout(() => dispatch(closeDialogShowing(dialog)), dialog.autoCloseMs);
    return () => clearTimeout(timer);
  }, [dialog, dispatch]);

  return (
    <Modal
      show={dialog !== null}
      onHide={() => dispatch(closeDialog())}
      centered
      aria-labelledby="app-dialog-title"
      data-testid="app-dialog"
      data-look={dialog?.look}
    >
      {dialog && (
        <>
          <Modal.Header
            closeButton
            closeVariant={dialog.look === 'info' ? undefined : 'white'}
            closeLabel="Close"
            className={DIALOG_HEADER_CLASS[dialog.look]}
          >
            <Modal.Title id="app-dialog-title" as="h2" className="h5 d-flex align-items-center">
              {dialog.look === 'error' && (
                <span className="me-2 d-inline-flex flex-shrink-0" data-testid="app-dialog-error-icon">
                  <ErrorIcon size="1em" />
                </span>
              )}
              {dialog.title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body data-testid="app-dialog-message">
            {dialog.message.split('\n').map((line, index) => (
              <p key={index} className="mb-1">
                {line}
              </p>
            ))}
          </Modal.Body>
        </>
      )}
    </Modal>
  );
}
