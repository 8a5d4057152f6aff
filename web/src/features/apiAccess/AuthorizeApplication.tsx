import { useState } from 'react';
import { useLocation } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { serverMessage } from '../../app/serverMessage';
import { useAuthorizationQuestionQuery, useDecideAuthorizationMutation } from './apiAccessApi';

/**
 * The consent screen (issue 41 item 2): which application asks for which scopes; Authorize or Cancel sends the
 * request back as it came, and the answer names where the browser goes next (the client's redirect).
 */
export function AuthorizeApplication() {
  const { search } = useLocation();
  const { data: question, error, isLoading } = useAuthorizationQuestionQuery(search);
  const [decide, { isLoading: deciding }] = useDecideAuthorizationMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const answer = async (approve: boolean) => {
    setFailure(null);
    const request = Object.fromEntries(new URLSearchParams(search));
    const decided = await decide({ request, approve });
    if ('error' in decided) {
      setFailure(serverMessage(decided.error, 'Something went wrong. Please try again.'));
      return;
    }
    window.location.assign(decided.data.redirect);
  };

  if (isLoading) return <Spinner animation="border" role="status" aria-label="Loading" />;
  if (error || !question) {
    return (
      <Alert variant="danger" role="alert">
        {serverMessage(error, 'This authorization request is not valid')}
      </Alert>
    );
  }
  return (
    <Card className="mx-auto" style={{ maxWidth: '36rem' }} data-testid="authorize-application">
      <Card.Header>
        <h1 className="h4 mb-0">Authorization Request</h1>
      </Card.Header>
      <Card.Body>
        <p>
          <strong>{question.client.name}</strong> is requesting permission to access your account.
        </p>
        {question.scopes.length > 0 && (
          <>
            <p className="mb-1">This application will be able to:</p>
            <ul>
              {question.scopes.map((scope) => (
                <li key={scope.id}>{scope.description}</li>
              ))}
            </ul>
          </>
        )}
        {failure && (
          <Alert variant="danger" role="alert">
            {failure}
          </Alert>
        )}
        <div className="d-flex gap-2">
          <Button variant="success" disabled={deciding} onClick={() => void answer(true)}>
            Authorize
          </Button>
          <Button variant="danger" disabled={deciding} onClick={() => void answer(false)}>
            Cancel
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}
