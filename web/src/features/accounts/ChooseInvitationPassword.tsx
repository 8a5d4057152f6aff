import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { serverMessage } from '../../app/serverMessage';
import { passwordProblem } from '../../../../src/shared/account-texts';
import { landingPathFor } from '../../../../src/shared/roles';
import { useAcceptInvitationMutation, useInvitationQuery } from './accountsApi';
import { NewPasswordField } from './NewPasswordField';
import { ROLE_NAMES } from './roleNames';

/**
 * The invitation link's page: choose a password (the rules shown), which signs the new login in and takes them to
 * their screen (issue 38 item 7), or read why the link no longer works.
 */
export function ChooseInvitationPassword({ token }: { token: string }) {
  const { data: invitation, isLoading, error } = useInvitationQuery(token);
  const [accept, { isLoading: saving, error: saveError }] = useAcceptInvitationMutation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);

  if (isLoading) return <Spinner animation="border" role="status" aria-label="Loading" />;
  if (error || !invitation) {
    return (
      <Alert variant="warning" data-testid="invitation-refused">
        {serverMessage(error, 'This link does not work.')}
      </Alert>
    );
  }
  const problem = passwordProblem(password, invitation.email);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    const result = await accept({ token, password });
    if (result.data) navigate(landingPathFor(result.data.user.role));
  };

  return (
    <Form onSubmit={submit} aria-label="Choose your password" noValidate>
      <p>
        A {ROLE_NAMES[invitation.role].toLowerCase()} login for <strong>{invitation.email}</strong>.
      </p>
      {saveError && (
        <Alert variant="danger" role="alert">
          {serverMessage(saveError, 'Your password could not be set; please try again.')}
        </Alert>
      )}
      <NewPasswordField
        id="invitation-password"
        label="Password"
        value={password}
        onChange={setPassword}
        problem={problem}
        showProblem={touched}
        rules={invitation.passwordRules}
        autoFocus
      />
      <Button type="submit" disabled={saving}>
        Set my password
      </Button>
    </Form>
  );
}
