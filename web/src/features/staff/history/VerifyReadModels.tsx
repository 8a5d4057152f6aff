import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { londonDateTimeText } from '../../../../../src/shared/london-time';
import type { VerifyState } from '../../../../../src/shared/read-model-verify';
import { serverMessage } from '../../../app/serverMessage';
import { useStartVerifyMutation, useVerifyStateQuery } from './historyApi';

const OUTCOME: Record<Exclude<VerifyState['state'], 'never' | 'running'>, { variant: string; text: string }> = {
  agrees: { variant: 'success', text: 'Every rebuilt read model equals the live one.' },
  differs: { variant: 'warning', text: 'The rebuilt read models differ from the live ones.' },
  failed: { variant: 'danger', text: 'The verify did not finish.' },
};

/**
 * "Verify read models" (issue 40 item 3, admins): rebuilds one read model or all from the first event into a
 * shadow, in the shop, paced while it trades, and compares it with the live one; the state is polled while it runs.
 */
export function VerifyReadModels() {
  const [running, setRunning] = useState(false);
  const verify = useVerifyStateQuery(undefined, { pollingInterval: running ? 500 : 0 });
  const [start, started] = useStartVerifyMutation();
  const [projection, setProjection] = useState('all');
  const state = verify.data;
  if (state && running !== (state.state === 'running')) setRunning(state.state === 'running');

  return (
    <section aria-labelledby="verify-heading" className="mt-4" data-testid="verify-read-models">
      <h2 id="verify-heading" className="h4">
        Verify read models
      </h2>
      <p>Rebuilds a read model from the first event beside the live one, while the shop trades, and lists every row where they differ.</p>
      {verify.isError && <Alert variant="danger">{serverMessage(verify.error, 'The last verify could not be fetched. Please reload the page.')}</Alert>}
      {state && (
        <Form
          className="d-flex flex-wrap gap-2 align-items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void start(projection).unwrap().then(() => setRunning(true), () => undefined);
          }}
        >
          <div>
            <Form.Label htmlFor="verify-projection">Read model</Form.Label>
            <Form.Select id="verify-projection" value={projection} onChange={(event) => setProjection(event.target.value)}>
              <option value="all">All read models</option>
              {state.projections.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Form.Select>
          </div>
          <Button type="submit" disabled={state.state === 'running' || started.isLoading}>
            Verify read models
          </Button>
        </Form>
      )}
      {started.isError && <Alert variant="danger" className="mt-2">{serverMessage(started.error, 'The verify could not be started. Please try again.')}</Alert>}
      {state?.state === 'running' && (
        <p className="mt-3" role="status">
          <Spinner animation="border" size="sm" className="me-2" />
          Verifying {state.projection === 'all' ? 'every read model' : state.projection}, started {londonDateTimeText(state.startedAt!)}…
        </p>
      )}
      {state && state.state !== 'running' && state.state !== 'never' && (
        <Alert variant={OUTCOME[state.state].variant} className="mt-3" data-testid="verify-report">
          <p className="mb-1" data-testid="verify-outcome">
            {OUTCOME[state.state].text}
          </p>
          <p className="mb-2 small">
            {state.projection === 'all' ? 'All read models' : `Read model ${state.projection}`}, finished {londonDateTimeText(state.finishedAt!)}.
          </p>
          <ul className="mb-0 text-break">
            {state.sentences.map((sentence, index) => (
              <li key={index}>{sentence}</li>
            ))}
          </ul>
        </Alert>
      )}
    </section>
  );
}
