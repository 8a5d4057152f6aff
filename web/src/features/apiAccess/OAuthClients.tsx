import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { API_ACCESS_TEXTS, API_NAME_MAX } from '../../../../src/shared/api-scopes';
import { CredentialsCard } from './CredentialsCard';
import { ErrorList } from './ErrorList';
import { errorList } from './errorList';
import { useCreateOAuthClientMutation, useDeleteOAuthClientMutation, useOauthClientsQuery, useUpdateOAuthClientMutation, type OAuthClient } from './apiAccessApi';

/** A secret is shown once, when the client is made; afterwards the table shows it masked (docs/spec-differences.md). */
const MASKED = '••••••••';

/** Staff spec §2 "Clients": the table of Client ID, Name, Secret with Edit and Delete; the create and edit modals. */
export function OAuthClients() {
  const { data: clients, isLoading } = useOauthClientsQuery();
  const [create, creating] = useCreateOAuthClientMutation();
  const [update, updating] = useUpdateOAuthClientMutation();
  const [remove] = useDeleteOAuthClientMutation();
  /** The modal: null when closed, 'new' to create, or the client being edited. */
  const [editing, setEditing] = useState<'new' | OAuthClient | null>(null);
  const [name, setName] = useState('');
  const [redirect, setRedirect] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [madeSecret, setMadeSecret] = useState<OAuthClient | null>(null);

  const open = (client: 'new' | OAuthClient) => {
    setErrors([]);
    setName(client === 'new' ? '' : client.name);
    setRedirect(client === 'new' ? '' : client.redirect);
    setEditing(client);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    const answer = editing === 'new' ? await create({ name, redirect }) : await update({ id: (editing as OAuthClient).id, name, redirect });
    if ('error' in answer) {
      setErrors(errorList(answer.error));
      return;
    }
    // Spec §4: the list refreshes (the tag), the form clears and the modal closes.
    setName('');
    setRedirect('');
    setEditing(null);
    if (answer.data.secret) setMadeSecret(answer.data);
  };

  const title = editing === 'new' ? 'Create Client' : 'Edit Client';
  return (
    <CredentialsCard
      testId="oauth-clients"
      title="OAuth Clients"
      create={{ label: 'Create New Client', onClick: () => open('new') }}
      empty={isLoading ? undefined : API_ACCESS_TEXTS.noClients}
      items={clients}
      label="OAuth clients"
      columns={['Client ID', 'Name', 'Secret']}
      row={(client) => (
        <tr key={client.id}>
          <td>
            <code>{client.id}</code>
          </td>
          <td>{client.name}</td>
          <td>
            <span aria-label="Secret, hidden">{MASKED}</span>
          </td>
          <td className="text-end text-nowrap">
            <Button size="sm" variant="outline-primary" className="me-2" onClick={() => open(client)} aria-label={`Edit ${client.name}`}>
              Edit
            </Button>
            <Button size="sm" variant="outline-danger" onClick={() => void remove(client.id)} aria-label={`Delete ${client.name}`}>
              Delete
            </Button>
          </td>
        </tr>
      )}
    >
      <Modal show={editing !== null} onHide={() => setEditing(null)} aria-labelledby="client-form-title">
        <Form onSubmit={submit} aria-label={title} noValidate>
          <Modal.Header closeButton>
            <Modal.Title id="client-form-title">{title}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <ErrorList errors={errors} />
            <Form.Group className="mb-3" controlId="client-name">
              <Form.Label>Name</Form.Label>
              <Form.Control value={name} maxLength={API_NAME_MAX} autoFocus onChange={(event) => setName(event.target.value)} />
              <Form.Text>Something your users will recognize and trust.</Form.Text>
            </Form.Group>
            <Form.Group controlId="client-redirect">
              <Form.Label>Redirect URL</Form.Label>
              <Form.Control value={redirect} maxLength={2000} inputMode="url" onChange={(event) => setRedirect(event.target.value)} />
              <Form.Text>Your application&apos;s authorization callback URL.</Form.Text>
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              Close
            </Button>
            <Button type="submit" variant="primary" disabled={creating.isLoading || updating.isLoading}>
              {editing === 'new' ? 'Create' : 'Save Changes'}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>

      <Modal show={madeSecret !== null} onHide={() => setMadeSecret(null)} aria-labelledby="client-secret-title">
        <Modal.Header closeButton>
          <Modal.Title id="client-secret-title">Client Secret</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>Here is the secret of {madeSecret?.name}. This is the only time it will be shown so don&apos;t lose it!</p>
          <Form.Control as="textarea" rows={2} readOnly value={madeSecret?.secret ?? ''} aria-label="The new client's secret" data-testid="new-client-secret" />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setMadeSecret(null)}>
            Close
          </Button>
        </Modal.Footer>
      </Modal>
    </CredentialsCard>
  );
}
