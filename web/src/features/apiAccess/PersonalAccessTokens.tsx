import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { API_ACCESS_TEXTS, API_NAME_MAX, type ApiScope } from '../../../../src/shared/api-scopes';
import { londonDateTimeText } from '../../../../src/shared/london-time';
import { CredentialsCard } from './CredentialsCard';
import { ErrorList } from './ErrorList';
import { errorList } from './errorList';
import { useApiScopesQuery, useCreatePersonalAccessTokenMutation, usePersonalAccessTokensQuery, useRevokePersonalAccessTokenMutation } from './apiAccessApi';

/** Staff spec §2 "Personal access tokens": the signed-in login's own tokens, the create modal, the token shown once. */
export function PersonalAccessTokens() {
  const { data: tokens, isLoading } = usePersonalAccessTokensQuery();
  const { data: scopes = [] } = useApiScopesQuery();
  const [create, { isLoading: creating }] = useCreatePersonalAccessTokenMutation();
  const [revoke] = useRevokePersonalAccessTokenMutation();
  const [showCreate, setShowCreate] = useState(false);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ApiScope[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [shownOnce, setShownOnce] = useState<string | null>(null);

  const toggle = (scope: ApiScope) => setChosen((now) => (now.includes(scope) ? now.filter((each) => each !== scope) : [...now, scope]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    const answer = await create({ name, scopes: chosen });
    if ('error' in answer) {
      setErrors(errorList(answer.error));
      return;
    }
    // Spec §4: the create modal closes and the one-time token modal opens; the form clears.
    setName('');
    setChosen([]);
    setShowCreate(false);
    setShownOnce(answer.data.accessToken);
  };

  return (
    <CredentialsCard
      testId="personal-access-tokens"
      title="Personal Access Tokens"
      create={{ label: 'Create New Token', onClick: () => setShowCreate(true) }}
      empty={isLoading ? undefined : API_ACCESS_TEXTS.noTokens}
      items={tokens}
      label="Personal access tokens"
      columns={['Name', 'Scopes', 'Last used']}
      row={(token) => (
        <tr key={token.id}>
          <td>{token.name}</td>
          <td>{token.scopes.join(', ') || 'none'}</td>
          <td>{token.last_used_at ? londonDateTimeText(token.last_used_at) : 'Never'}</td>
          <td className="text-end">
            <Button size="sm" variant="outline-danger" onClick={() => void revoke(token.id)} aria-label={`Delete ${token.name}`}>
              Delete
            </Button>
          </td>
        </tr>
      )}
    >
      <Modal show={showCreate} onHide={() => setShowCreate(false)} aria-labelledby="create-token-title">
        <Form onSubmit={submit} aria-label="Create token" noValidate>
          <Modal.Header closeButton>
            <Modal.Title id="create-token-title">Create Token</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <ErrorList errors={errors} />
            <Form.Group className="mb-3" controlId="token-name">
              <Form.Label>Name</Form.Label>
              <Form.Control value={name} maxLength={API_NAME_MAX} autoFocus onChange={(event) => setName(event.target.value)} />
            </Form.Group>
            {scopes.length > 0 && (
              <fieldset>
                <legend className="form-label fs-6">Scopes</legend>
                {scopes.map((scope) => (
                  <Form.Check key={scope.id} id={`scope-${scope.id}`} type="checkbox" label={`${scope.id}: ${scope.description}`} checked={chosen.includes(scope.id)} onChange={() => toggle(scope.id)} />
                ))}
              </fieldset>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setShowCreate(false)}>
              Close
            </Button>
            <Button type="submit" variant="primary" disabled={creating}>
              Create
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>

      <Modal show={shownOnce !== null} onHide={() => setShownOnce(null)} aria-labelledby="access-token-title">
        <Modal.Header closeButton>
          <Modal.Title id="access-token-title">Personal Access Token</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{API_ACCESS_TEXTS.shownOnce}</p>
          <Form.Control as="textarea" rows={3} readOnly value={shownOnce ?? ''} aria-label="Your new personal access token" data-testid="new-access-token" />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setShownOnce(null)}>
            Close
          </Button>
        </Modal.Footer>
      </Modal>
    </CredentialsCard>
  );
}
