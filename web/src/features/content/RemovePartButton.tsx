import Button from 'react-bootstrap/Button';
import { useAppDispatch } from '../../app/hooks';
import { errorText } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import { useRemovePartMutation } from './contentApi';

/** An admin takes a part off the page; its history stays in the events (the part's edits are never lost). */
export function RemovePartButton({ slug, partId, label }: { slug: string; partId: string; label: string }) {
  const [remove, removing] = useRemovePartMutation();
  const dispatch = useAppDispatch();
  return (
    <Button
      size="sm"
      variant="outline-danger"
      className="mt-1"
      disabled={removing.isLoading}
      aria-label={`Remove ${label}`}
      onClick={async () => {
        try {
          await remove({ slug, partId }).unwrap();
        } catch (caught) {
          dispatch(showDialog({ title: 'Not removed', message: errorText(caught), look: 'error' }));
        }
      }}
    >
      Remove
    </Button>
  );
}
