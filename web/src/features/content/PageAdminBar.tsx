import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useAppDispatch } from '../../app/hooks';
import { errorText } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import { useAddPartMutation, usePublishPageMutation, type ContentPage } from './contentApi';

/**
 * What an admin sees above a content page: whether visitors see it (a draft is a preview only admins open),
 * Publish or Unpublish, and a new text part at the end.
 */
export function PageAdminBar({ page }: { page: ContentPage }) {
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
        disabled={publishing.isLoading}
        onClick={() => publish({ slug: page.slug, publish: draft }).unwrap().catch((caught: unknown) => fail(draft ? 'Not published' : 'Not unpublished', caught))}
      >
        {draft ? 'Publish' : 'Unpublish'}
      </Button>
      <Button
        size="sm"
        variant="outline-dark"
        disabled={adding.isLoading}
        onClick={() => addPart({ slug: page.slug, kind: 'text', after: lastPart?.part_id }).unwrap().catch((caught: unknown) => fail('Not added', caught))}
      >
        Add text
      </Button>
    </div>
  );
}
