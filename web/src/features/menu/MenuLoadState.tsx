import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { serverMessage } from '../../app/serverMessage';

interface MenuQuery {
  isLoading: boolean;
  error?: FetchBaseQueryError | SerializedError;
}

/** The spinner while the menu loads, or why it failed; nothing once it is there. */
export function MenuLoadState({ query }: { query: MenuQuery }) {
  if (query.isLoading) {
    return (
      <div className="text-center py-4">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">Loading the menu…</span>
        </Spinner>
      </div>
    );
  }
  if (query.error) {
    return (
      <Alert variant="danger" role="alert">
        {serverMessage(query.error, 'The menu could not be loaded; please try again.')}
      </Alert>
    );
  }
  return null;
}
