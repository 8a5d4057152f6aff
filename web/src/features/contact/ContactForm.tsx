import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  CONTACT_CONFIRMATION_MS,
  CONTACT_LIMITS,
  CONTACT_TEXTS,
  contactFormProblems,
  type ContactField,
  type ContactFormValues,
} from '../../../../src/shared/contact-form';
import { useGetSettingsQuery } from '../settings/settingsApi';
import { useSendContactMutation } from './contactApi';
import { useHumanCheckToken } from './useHumanCheckToken';

/** Spec §4: idle, then sending, then sent (the confirmation for 5 s) or error. */
type Stage = 'idle' | 'sending' | 'sent' | 'error';

/** The settings the form reads: a page's first screen (web/src/entry-server.tsx) asks for them too. */
export const CONTACT_SHOWN_KEYS = ['contact_shows_phone', 'contact_shows_subject'] as const;
const EMPTY: ContactFormValues = { name: '', email: '', message: '', phone: '', subject: '' };

const FIELDS: ReadonlyArray<{ field: ContactField; label: string; type?: string; autoComplete: string; rows?: number }> = [
  { field: 'name', label: 'Name', autoComplete: 'name' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { field: 'subject', label: 'Subject', autoComplete: 'off' },
  { field: 'message', label: 'Message', autoComplete: 'off', rows: 6 },
];

/**
 * The contact form (customer spec §2-§9, issue 34), a part any page may hold (the `/contact` page, later the
 * content pages). Phone and subject show only when the settings say; Send is disabled while sending and while
 * the confirmation shows.
 */
export function ContactForm() {
  const { data: settings } = useGetSettingsQuery(CONTACT_SHOWN_KEYS);
  const shown = { phone: settings?.contact_shows_phone === true, subject: settings?.contact_shows_subject === true };
  const [values, setValues] = useState<ContactFormValues>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [stage, setStage] = useState<Stage>('idle');
  const [sendContact] = useSendContactMutation();
  const takeToken = useHumanCheckToken();

  useEffect(() => {
    if (stage !== 'sent') return;
    const timer = setTimeout(() => setStage('idle'), CONTACT_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [stage]);

  const problems = contactFormProblems(values, shown);
  const visible = FIELDS.filter(({ field }) => (field === 'phone' ? shown.phone : field === 'subject' ? shown.subject : true));

  async function send(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(problems).length > 0) return;
    setStage('sending');
    try {
      const g_recaptcha_token = await takeToken();
      await sendContact({
        name: values.name,
        email: values.email,
        message: values.message,
        phoneNo: shown.phone ? values.phone : false,
        subject: shown.subject ? values.subject : false,
        g_recaptcha_token,
      }).unwrap();
      setValues(EMPTY);
      setChecked(false);
      setStage('sent');
    } catch {
      setStage('error');
    }
  }

  return (
    <Form noValidate onSubmit={send} aria-label="Contact us" data-testid="contact-form">
      {visible.map(({ field, label, type, autoComplete, rows }) => {
        const problem = checked ? problems[field] : undefined;
        const control = {
          autoComplete,
          required: true,
          maxLength: CONTACT_LIMITS[field],
          value: values[field],
          isInvalid: problem !== undefined,
          'aria-describedby': problem ? `contact-${field}-problem` : undefined,
          onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((current) => ({ ...current, [field]: event.target.value })),
        };
        return (
          <Form.Group key={field} className="mb-3" controlId={`contact-${field}`}>
            <Form.Label>{label}</Form.Label>
            {rows ? <Form.Control as="textarea" rows={rows} {...control} /> : <Form.Control type={type ?? 'text'} {...control} />}
            <Form.Control.Feedback type="invalid" id={`contact-${field}-problem`}>
              {problem}
            </Form.Control.Feedback>
          </Form.Group>
        );
      })}
      <div aria-live="polite">
        {stage === 'sent' && (
          <Alert variant="success" role="status" data-testid="contact-sent">
            {CONTACT_TEXTS.sent}
          </Alert>
        )}
      </div>
      {stage === 'error' && (
        <Alert variant="danger" role="alert" data-testid="contact-failed">
          {CONTACT_TEXTS.failed}
        </Alert>
      )}
      <Button type="submit" variant="primary" disabled={stage === 'sending' || stage === 'sent'} data-testid="contact-send">
        {stage === 'sending' ? 'Sending…' : 'Send'}
      </Button>
    </Form>
  );
}
