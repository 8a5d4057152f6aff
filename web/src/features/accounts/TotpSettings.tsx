import { useMemo, useState, type FormEvent } from 'react';
import { renderSVG } from 'uqr';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { serverMessage } from '../../app/serverMessage';
import type { User } from '../auth/authApi';
import { useConfirmTotpMutation, useStartTotpMutation, useTurnOffTotpMutation } from './accountsApi';
import { useStepUp } from './useStepUp';

/**
 * The setup link as a QR code for the phone's camera, drawn here (never by a remote service, which would learn
 * the secret): an SVG image from the `uqr` encoder.
 */
function SetupQrCode({ uri }: { uri: string }) {
  const source = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { pixelSize: 4 }))}`, [uri]);
  return <img src={source} alt="QR code of the setup link: scan it with your authenticator app" width={200} height={200} data-testid="totp-qr" className="d-block border" />;
}

/** One-time codes from an authenticator app, for managers and admins: shown, confirmed with a code, then on. */
export function TotpSettings({ me }: { me: User }) {
  const [start, { data: setup, error: startError, reset: forget }] = useStartTotpMutation();
  const [confirm, { error: confirmError, isLoading }] = useConfirmTotpMutation();
  const [turnOff] = useTurnOffTotpMutation();
  const [code, setCode] = useState('');
  const { run, prompt, error } = useStepUp();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await confirm(code);
    if ('data' in result) {
      setCode('');
      forget();
    }
  };

  return (
    <section aria-labelledby="totp-heading">
      <h2 className="h5" id="totp-heading">
        One-time codes
      </h2>
      {error && <Alert variant="danger">{error}</Alert>}
      {me.totpEnabled ? (
        <>
          <p>Sign-in asks for a code from your authenticator app after your password.</p>
          <Button variant="outline-danger" onClick={() => void run(() => turnOff().unwrap())}>
            Turn codes off
          </Button>
        </>
      ) : !setup ? (
        <>
          <p>Add a code from an authenticator app to your sign-in, so a stolen password alone is not enough.</p>
          {startError && <Alert variant="danger">{serverMessage(startError, 'Please try again.')}</Alert>}
          <Button onClick={() => void start()}>Set up one-time codes</Button>
        </>
      ) : (
        <Form onSubmit={submit} aria-label="Confirm one-time codes">
          <p>
            In your authenticator app, scan this code, or add an account with the key below (or open the link on your phone):
          </p>
          <SetupQrCode uri={setup.uri} />
          <p className="mt-2">
            <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <p className="small text-break">
            <a href={setup.uri}>{setup.uri}</a>
          </p>
          {confirmError && (
            <Alert variant="danger" role="alert">
              {serverMessage(confirmError, 'That code is not right')}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="totp-confirm-code">
            <Form.Label>The code your app shows now</Form.Label>
            <Form.Control inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(event) => setCode(event.target.value)} />
          </Form.Group>
          <Button type="submit" disabled={isLoading}>
            Turn codes on
          </Button>
        </Form>
      )}
      {prompt}
    </section>
  );
}
