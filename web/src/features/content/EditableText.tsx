import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { IPE_TEXTS } from '../../../../src/shared/rich-text-editor';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { errorText } from '../../app/serverMessage';
import { useHydrated } from '../../app/useHydrated';
import { useMeQuery } from '../auth/authApi';
import { showDialog } from '../dialog/dialogSlice';
import { hasRole } from '../staff/roles';
import { useIpeCancelMutation, useIpeSaveMutation, type IpeTarget } from './contentApi';
import { LazyRichTextEditor } from './LazyRichTextEditor';
import { PartHistoryButton } from './PartHistoryButton';
import { RichText } from './RichText';

export interface EditableTextProps {
  /** The cleaned HTML as the server gave it. */
  html: string;
  target: IpeTarget;
  /** What the block is, for the editor's and the buttons' accessible names: 'About text', 'Description'. */
  label: string;
  /** For a page part: the page it belongs to, so its history can be listed. */
  pageSlug?: string;
  className?: string;
}

/**
 * Staff spec §2 and §4's in-place editor: a block of the site's rich text, read-only until an admin presses
 * Edit; then a rich-text editor with Save and Cancel. Save or Cancel done, the editor goes, the block shows what
 * the server returned and the buttons hide; a failure keeps the editor open, with the spec's alert (§8).
 */
export function EditableText({ html, target, label, pageSlug, className }: EditableTextProps) {
  const { data: user } = useMeQuery();
  // A page rendered on the server shows Edit before it works: it is enabled once the page's script runs.
  const hydrated = useHydrated();
  const dispatch = useAppDispatch();
  // What Save, Cancel or a restore returned, until the page brings the block afresh.
  const [returned, setReturned] = useState<{ over: string; html: string } | null>(null);
  const shown = returned?.over === html ? returned.html : html;
  const setShown = (next: string) => setReturned({ over: html, html: next });
  const [editing, setEditing] = useState(false);
  const typed = useRef(html);
  const [save, saving] = useIpeSaveMutation();
  const [cancel, cancelling] = useIpeCancelMutation();
  const editorId = target.ipe_type === 'product' ? `product-${target.product_id}` : `part-${target.part_id}`;

  if (!hasRole(user?.role, 'admin')) return <RichText html={shown} className={className} />;

  const alert = (title: string, message: string) => dispatch(showDialog({ title, message, look: 'error' }));
  const onSave = async () => {
    try {
      const answer = await save({ target, content: typed.current }).unwrap();
      if (!answer.status) return alert('Not saved', `${IPE_TEXTS.saveProblem}: ${answer.message}`);
      setShown(answer.original);
      setEditing(false);
      if (target.ipe_type === 'product') dispatch(api.util.invalidateTags(['Menu']));
      if (answer.message !== '') dispatch(showDialog({ title: 'Saved, with a warning', message: answer.message, look: 'info' }));
    } catch (caught) {
      alert('Not saved', `${IPE_TEXTS.saveError}: ${errorText(caught)}`);
    }
  };
  const onCancel = async () => {
    try {
      const answer = await cancel(target).unwrap();
      if (!answer.status) return alert('Not cancelled', `${IPE_TEXTS.cancelProblem}: ${answer.message}`);
      setShown(answer.original);
      setEditing(false);
    } catch (caught) {
      alert('Not cancelled', `${IPE_TEXTS.cancelError}: ${errorText(caught)}`);
    }
  };

  if (!editing) {
    return (
      <div className="editable-block" data-testid="editable-block" data-editing="false">
        <RichText html={shown} className={className} />
        <div className="d-flex gap-2 mt-1">
          <Button
            size="sm"
            variant="outline-dark"
            aria-label={`Edit ${label}`}
            disabled={!hydrated}
            onClick={() => {
              typed.current = shown;
              setEditing(true);
            }}
          >
            Edit
          </Button>
          {target.ipe_type === 'pagepart' && pageSlug && <PartHistoryButton slug={pageSlug} partId={target.part_id} label={label} onRestored={setShown} />}
        </div>
      </div>
    );
  }

  const busy = saving.isLoading || cancelling.isLoading;
  return (
    <div className="editable-block" data-testid="editable-block" data-editing="true">
      <LazyRichTextEditor initialHtml={shown} label={label} editorId={editorId} onChange={(next) => (typed.current = next)} />
      <div className="d-flex gap-2 mt-1">
        <Button size="sm" variant="primary" onClick={() => void onSave()} disabled={busy} aria-label={`Save ${label}`}>
          Save
        </Button>
        <Button size="sm" variant="outline-dark" onClick={() => void onCancel()} disabled={busy} aria-label={`Cancel editing ${label}`}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
