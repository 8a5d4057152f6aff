import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useStepUp } from '../accounts/useStepUp';
import { useCloseAccountMutation, useMyDataMutation } from '../auth/authApi';

/** Hands the text to the browser as a file to keep. */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** A customer's own data (issue 33): download all of it, or close the account and be forgotten; both after a step-up. */
export function YourData() {
  const { run, prompt, error } = useStepUp();
  const [download, { isLoading: downloading }] = useMyDataMutation();
  const [close, { isLoading: closing, data: closed }] = useCloseAccountMutation();
  const [sure, setSure] = useState(false);

  if (closed) {
    return (
      <Alert variant="success" role="status" data-testid="account-closed">
        {closed.message} <a href="/">Back to the menu</a>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="your-data-heading" className="mb-4" data-testid="your-data">
      <h2 className="h5" id="your-data-heading">
        Your data
      </h2>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <p>Everything we hold about you (your account, your orders with their delivery details and notes, your messages) as a file.</p>
      <Button variant="outline-primary" className="mb-3" disabled={downloading} onClick={() => run(async () => saveFile('my-data.json', JSON.stringify(await download().unwrap(), null, 2)))}>
        Download your data
      </Button>
      <p>Closing your account erases your details for good. The shop keeps only the amounts of your orders, for its accounts.</p>
      <Form.Check className="mb-2" id="close-account-sure" label="I understand: close my account and erase my details" checked={sure} onChange={(event) => setSure(event.target.checked)} />
      <Button variant="danger" disabled={!sure || closing} onClick={() => run(() => close().unwrap())}>
        Close my account
      </Button>
      {prompt}
    </section>
  );
}
