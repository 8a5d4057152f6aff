import { useParams } from 'react-router';
import Spinner from 'react-bootstrap/Spinner';
import { errorText } from '../app/serverMessage';
import { useMeQuery } from '../features/auth/authApi';
import { ContentParts } from '../features/content/ContentParts';
import { useContentPageQuery } from '../features/content/contentApi';
import { PageAdminBar } from '../features/content/PageAdminBar';
import { hasRole } from '../features/staff/roles';
import { NotFoundPage } from './NotFoundPage';

/** A page the restaurant wrote itself (issue 39): its title and its parts, at /{slug}. */
export function ContentPage({ slug: fixed }: { slug?: string }) {
  const params = useParams();
  const slug = fixed ?? params.slug ?? '';
  const { data: page, error, isLoading } = useContentPageQuery(slug);
  const { data: user } = useMeQuery();

  if (isLoading) {
    return (
      <p role="status">
        <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        Loading…
      </p>
    );
  }
  if (error && 'status' in error && error.status === 404) return <NotFoundPage />;
  if (!page) return <p role="alert">{errorText(error)}</p>;
  return (
    <article data-testid="content-page" data-slug={page.slug}>
      {hasRole(user?.role, 'admin') && <PageAdminBar page={page} />}
      <h1 className="h3">{page.title}</h1>
      <ContentParts parts={page.parts.filter((part) => part.container_type === 'page')} slug={page.slug} />
    </article>
  );
}
