import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { liveKeysProblem, LIVE_KEYS_CHECK_FAILED, NO_LIVE_KEYS_PANEL, type LiveKeys } from '../../../../../src/shared/live-keys';
import { useStepUp } from '../../accounts/useStepUp';
import { useOrdersChannelQuery } from '../orders/ordersChannelApi';
import type { LiveConnection } from '../../store-status/liveChannel';
import { useStoreChannelQuery } from '../../store-status/storeStatusApi';
import { useLiveKeysQuery, useRotateLiveKeysMutation, useSaveLiveKeysMutation } from './liveKeysApi';
import { SettingsSection } from './SettingsSection';

const DESCRIBE: Record<LiveConnection, string> = { connecting: 'connecting…', connected: 'connected', lost: 'NOT connected' };

/**
 * In place of the spec's Pusher Keys (issue 30 item 1): the live channel's own app id, key and secret, which sign
 * every private channel's token. The secret is never sent back, only its last four characters; saving and
 * rotating ask for the password again when it was not entered in the last five minutes.
 */
export function LiveKeysSection() {
  const { data: keys, isError } = useLiveKeysQuery();
  const { data: orders } = useOrdersChannelQuery();
  const { data: store } = useStoreChannelQuery();
  const [save, { isLoading: saving }] = useSaveLiveKeysMutation();
  const [rotate, { isLoading: rotating }] = useRotateLiveKeysMutation();
  const { run, prompt, error } = useStepUp();
  const [entered, setEntered] = useState<LiveKeys>({ appId: '', key: '', secret: '' });
  const [done, setDone] = useState('');
  const problem = liveKeysProblem(entered);
  const field = (name: keyof LiveKeys) => ({
    value: entered[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setEntered((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <SettingsSection id="live-keys" title="Live update keys">
      {isError && (
        <p className="text-danger fw-bold" role="alert">
          {LIVE_KEYS_CHECK_FAILED}
        </p>
      )}
      {keys && !keys.set && <p className="text-danger fw-bold">{NO_LIVE_KEYS_PANEL}</p>}
      {keys?.set && (
        <dl className="row mb-2" data-testid="live-keys">
          <dt className="col-sm-3">App id</dt>
          <dd className="col-sm-9">{keys.appId}</dd>
          <dt className="col-sm-3">Key</dt>
          <dd className="col-sm-9">{keys.key}</dd>
          <dt className="col-sm-3">Secret</dt>
          <dd className="col-sm-9" aria-label="Secret, hidden but for its last four characters">{keys.maskedSecret}</dd>
        </dl>
      )}
      {keys?.fromEnvironment && <p className="small text-muted">Set by LIVE_APP_ID, LIVE_APP_KEY and LIVE_APP_SECRET: change them there.</p>}
      {keys && !keys.fromEnvironment && (
        <>
          <Row className="g-2">
            <Form.Group as={Col} sm={3} controlId="live-app-id">
              <Form.Label>App id</Form.Label>
              <Form.Control autoComplete="off" maxLength={40} {...field('appId')} />
            </Form.Group>
            <Form.Group as={Col} sm={4} controlId="live-app-key">
              <Form.Label>Key</Form.Label>
              <Form.Control autoComplete="off" maxLength={100} {...field('key')} />
            </Form.Group>
            <Form.Group as={Col} sm={5} controlId="live-app-secret">
              <Form.Label>Secret</Form.Label>
              <Form.Control type="password" autoComplete="new-password" maxLength={200} {...field('secret')} />
            </Form.Group>
          </Row>
          <p className="small text-muted mt-1 mb-2" aria-live="polite">
            {entered.appId || entered.key || entered.secret ? (problem ?? 'These keys can be saved') : 'Enter all three to replace the keys, or make new ones.'}
          </p>
          <div className="d-flex gap-2 flex-wrap">
            <Button
              type="button"
              variant="outline-primary"
              disabled={problem !== null || saving}
              onClick={() => void run(async () => {
                await save(entered).unwrap();
                setEntered({ appId: '', key: '', secret: '' });
                setDone('Live update keys saved');
              })}
            >
              Save keys
            </Button>
            <Button
              type="button"
              variant="outline-secondary"
              disabled={rotating}
              onClick={() => void run(async () => {
                await rotate().unwrap();
                setDone('New keys made: screens already connected keep working');
              })}
            >
              Make new keys
            </Button>
          </div>
        </>
      )}
      {done && <p className="text-success small mt-2 mb-0" role="status">{done}</p>}
      {error && (
        <Alert variant="danger" className="mt-2 mb-0">
          {error}
        </Alert>
      )}
      <ul className="mb-0 mt-2" data-testid="live-channel-status">
        <li>Staff orders channel: {DESCRIBE[orders?.connection ?? 'connecting']}</li>
        <li>Customer store channel: {DESCRIBE[store?.connection ?? 'connecting']}</li>
      </ul>
      {/* The password prompt's own form must not submit the settings form around this section. */}
      <div onSubmit={(event) => event.stopPropagation()}>{prompt}</div>
    </SettingsSection>
  );
}
