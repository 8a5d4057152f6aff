import Spinner from 'react-bootstrap/Spinner';

/** Shown while a page's code loads on a first visit straight to its address. */
export function PageLoading() {
  return <Spinner animation="border" role="status" aria-label="Loading" className="m-4" />;
}
