import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section data-testid="not-found">
      <h1>Page not found</h1>
      <p>
        <Link to="/">Back to the menu</Link>
      </p>
    </section>
  );
}
