import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useAppDispatch } from '../../app/hooks';
import { errorText } from '../../app/serverMessage';
import { useHydrated } from '../../app/useHydrated';
import { showDialog } from '../dialog/dialogSlice';
import { PageTitleForm } from './PageTitleForm';
import { useAddPartMutation, usePublishPageMutation, type ContentPage } from './contentApi';

/**
 * What an admin sees above a content page: whether visitors see it (a draft is a preview only admins open),
 * Publish or Unpublish, and a new text part at the end.
 */
export function PageAdminBar({ page }: { page: ContentPage }) {
  const [retitling, setRetitling] = useState(false);
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
      <Button size="sm" variant="outline-dark" aria-expanded={retitling} disabled={!hydrated} onClick={() => setRetitling((open) => !open)}>
        Title and description
      </Button>
      {retitling && <PageTitleForm page={page} onDone={() => setRetitling(false)} />}
    </div>
  );
}
