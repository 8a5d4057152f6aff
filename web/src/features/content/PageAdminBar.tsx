import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PART_KINDS } from '../../../../src/shared/content-pages';
import { PART_KINDS_UI } from './parts/partKinds';
import { useAppDispatch } from '../../app/hooks';
import { errorText } from '../../app/serverMessage';
import { useHydrated } from '../../app/useHydrated';
import { showDialog } from '../dialog/dialogSlice';
import { PageTitleForm } from './PageTitleForm';
import { useAddPartMutation, usePublishPageMutation, type ContentPage, type PartKind } from './contentApi';

/**
 * What an admin sees above a content page: whether visitors see it (a draft is a preview only admins open),
 * Publish or Unpublish, a new text part at the end, or a part of another kind (its settings then set on it).
 */
export function PageAdminBar({ page }: { page: ContentPage }) {
  const [retitling, setRetitling] = useState(false);
  const [kind, setKind] = useState<PartKind>('gallery');
  // Rendered on the server, the bar's buttons work once the page's script runs.
  const hydrated = useHydrated();
  const [publish, publishing] = usePublishPageMutation();
  const [addPart, adding] = useAddPartMutation();
  const dispatch = useAppDispatch();
  const draft = page.status === 'draft';
  const fail = (title: string, caught: unknown) => dispatch(showDialog({ title, message: errorText(caught), look: 'error' }));
  const lastPart = [...page.parts].filter((part) => part.container_type === 'page').sort((a, b) => b.position - a.position)[0];

  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3 p-2 border rounded" data-testid="page-admin-bar">
      {draft ? (
        <Badge bg="warning" text="dark" data-testid="page-status">
          Draft: only admins see this page
        </Badge>
      ) : (
        <Badge bg="success" data-testid="page-status">
          Published
        </Badge>
      )}
      <Button
        size="sm"
        variant={draft ? 'success' : 'outline-dark'}
        disabled={!hydrated || publishing.isLoading}
        onClick={() => publish({ slug: page.slug, publish: draft }).unwrap().catch((caught: unknown) => fail(draft ? 'Not published' : 'Not unpublished', caught))}
      >
        {draft ? 'Publish' : 'Unpublish'}
      </Button>
      <Button
        size="sm"
        variant="outline-dark"
        disabled={!hydrated || adding.isLoading}
        onClick={() => addPart({ slug: page.slug, kind: 'text', after: lastPart?.part_id }).unwrap().catch((caught: unknown) => fail('Not added', caught))}
      >
        Add text
      </Button>
      <Form.Select size="sm" className="w-auto" aria-label="Kind of part to add" value={kind} disabled={!hydrated} onChange={(event) => setKind(event.target.value as PartKind)}>
        {PART_KINDS.filter((one) => one !== 'text').map((one) => (
          <option key={one} value={one}>
            {PART_KINDS_UI[one].name}
          </option>
        ))}
      </Form.Select>
      <Button
        size="sm"
        variant="outline-dark"
        disabled={!hydrated || adding.isLoading}
        onClick={() => addPart({ slug: page.slug, kind, after: lastPart?.part_id }).unwrap().catch((caught: unknown) => fail('Not added', caught))}
      >
        Add part
      </Button>
      <Button size="sm" variant="outline-dark" aria-expanded={retitling} disabled={!hydrated} onClick={() => setRetitling((open) => !open)}>
        Title and description
      </Button>
      {retitling && <PageTitleForm page={page} onDone={() => setRetitling(false)} />}
    </div>
  );
}
