import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { PAGE_DESCRIPTION_MAX, PAGE_TITLE_MAX } from '../../../../src/shared/content-pages';
import { PAGE_SLUG_PATTERN } from '../../../../src/shared/page-head';
import { errorText } from '../../app/serverMessage';
import { useContentPagesQuery, useCreatePageMutation } from './contentApi';

/** /takeaway-pages (admins): the restaurant's own pages, drafts and published, and a new page as a draft. */
export function PagesAdmin() {
  const { data: pages, error, isLoading } = useContentPagesQuery();
  return (
    <section data-testid="pages-admin">
      <h1 className="h3">Pages</h1>
      {isLoading && <p role="status">Loading the pages…</p>}
      {error && <p role="alert">{errorText(error)}</p>}
      {pages && pages.length === 0 && <p>The site has no pages of its own yet.</p>}
      {pages && pages.length > 0 && (
        <Table size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Address</th>
              <th scope="col">Visitors see it</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.slug} data-testid="page-row">
                <td>
                  <Link to={`/${page.slug}`}>{page.title}</Link>
                </td>
                <td>/{page.slug}</td>
                <td>{page.status === 'published' ? 'Yes' : 'No (a draft)'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <NewPageForm />
    </section>
  );
}

function NewPageForm() {
  const [fields, setFields] = useState({ slug: '', title: '', description: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = useCreatePageMutation();
  const navigate = useNavigate();
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) => setFields((before) => ({ ...before, [key]: event.target.value }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const page = await create(fields).unwrap();
      navigate(`/${page.slug}`);
    } catch (caught) {
      setProblem(errorText(caught));
    }
  };

  return (
    <Form onSubmit={onSubmit} className="mt-4" aria-labelledby="new-page-title" style={{ maxWidth: '36rem' }}>
      <h2 id="new-page-title" className="h5">
        A new page
      </h2>
      <Form.Group className="mb-2" controlId="new-page-title-field">
        <Form.Label>Title</Form.Label>
        <Form.Control value={fields.title} onChange={set('title')} required maxLength={PAGE_TITLE_MAX} />
      </Form.Group>
      <Form.Group className="mb-2" controlId="new-page-slug">
        <Form.Label>Address</Form.Label>
        <Form.Control value={fields.slug} onChange={set('slug')} required maxLength={60} pattern={PAGE_SLUG_PATTERN} aria-describedby="new-page-slug-help" />
        <Form.Text id="new-page-slug-help">Small letters, digits and dashes: "our-story" makes the page /our-story.</Form.Text>
      </Form.Group>
      <Form.Group className="mb-2" controlId="new-page-description">
        <Form.Label>Description for search results and shared links</Form.Label>
        <Form.Control as="textarea" rows={2} value={fields.description} onChange={set('description')} maxLength={PAGE_DESCRIPTION_MAX} />
      </Form.Group>
      {problem && (
        <p role="alert" className="text-danger">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={creating.isLoading}>
        Make the page (a draft)
      </Button>
    </Form>
  );
}
