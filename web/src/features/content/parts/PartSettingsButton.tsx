import { Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { PartSettingsByKind } from '../../../../../src/shared/part-settings';
import { useAppDispatch } from '../../../app/hooks';
import { errorText } from '../../../app/serverMessage';
import { showDialog } from '../../dialog/dialogSlice';
import { useChangePartSettingsMutation, type ContentPart, type PartKind } from '../contentApi';
import { PART_KINDS_UI, type PartSettingsFormProps } from './partKinds';

/**
 * An admin's Settings button on a part whose kind has settings: the kind's form in a dialog; saved, the page
 * shows the part as the server stored it. A refusal keeps the form open and says why.
 */
export function PartSettingsButton({ slug, part, label }: { slug: string; part: ContentPart; label: string }) {
  const Form = PART_KINDS_UI[part.kind].SettingsForm as PartKindForm | undefined;
  const [open, setOpen] = useState(false);
  const [change] = useChangePartSettingsMutation();
  const dispatch = useAppDispatch();
  if (!Form) return null;

  const onSave = async (props: object) => {
    try {
      await change({ slug, partId: part.part_id, props }).unwrap();
      setOpen(false);
    } catch (caught) {
      dispatch(showDialog({ title: 'Not saved', message: errorText(caught), look: 'error' }));
      throw caught;
    }
  };

  return (
    <>
      <Button size="sm" variant="outline-dark" className="mt-1 me-2" aria-label={`Settings of ${label}`} onClick={() => setOpen(true)}>
        Settings
      </Button>
      <Modal show={open} onHide={() => setOpen(false)} size="lg" aria-labelledby={`settings-${part.part_id}`}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={`settings-${part.part_id}`}>Settings of {label}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Suspense fallback={<Spinner animation="border" role="status" size="sm" />}>
            <Form settings={part.props as PartSettingsByKind[PartKind]} onSave={onSave} onCancel={() => setOpen(false)} label={label} />
          </Suspense>
        </Modal.Body>
      </Modal>
    </>
  );
}

type PartKindForm = React.ComponentType<PartSettingsFormProps>;
