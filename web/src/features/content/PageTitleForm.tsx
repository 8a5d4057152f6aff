import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PAGE_DESCRIPTION_MAX, PAGE_TITLE_MAX } from '../../../../src/shared/content-pages';
import { errorText } from '../../app/serverMessage';
import { useRetitlePageMutation, type ContentPage } from './contentApi';

/** An admin changes a page's title and the line search results and shared links show for it. */
export function PageTitleForm({ page, onDone }: { page: ContentPage; onDone: () => void }) {
  const [title, setTitle] = useState(page.title);
  const [description, setDescription] = useState(page.description);
  const [problem, setProblem] = useState<string | null>(null);
  const [retitle, retitling] = useRetitlePageMutation();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await retitle({ slug: page.slug, title, description }).unwrap();
      onDone();
    } catch (caught) {
      setProblem(errorText(caught));
    }
  };
  return (
    <Form onSubmit={onSubmit} className="w-100" data-testid="page-title-form">
      <Form.Group className="mb-2" controlId={`page-${page.slug}-title`}>
        <Form.Label>Title</Form.Label>
        <Form.Control value={title} onChange={(event) => setTitle(event.target.value)} required maxLength={PAGE_TITLE_MAX} />
      </Form.Group>
      <Form.Group className="mb-2" controlId={`page-${page.slug}-description`}>
        <Form.Label>Description for search results and shared links</Form.Label>
        <Form.Control as="textarea" rows={2} value={description} onChange={(event) => setDescription(event.target.value)} maxLength={PAGE_DESCRIPTION_MAX} />
      </Form.Group>
      {problem && (
        <p role="alert" className="text-danger">
          {problem}
        </p>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" disabled={retitling.isLoading}>
          Save title and description
        </Button>
        <Button size="sm" variant="outline-dark" onClick={onDone}>
          Keep as they are
        </Button>
      </div>
    </Form>
  );
}
