import Form from 'react-bootstrap/Form';
import { isEmailAddress } from '../../../../../src/shared/contact';
import type { SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';

/** Whether an address is one the contact address may be: empty (every manager) or an email address. */
export const contactEmailIsValid = (form: SettingsForm) => form.contact_email.trim() === '' || isEmailAddress(form.contact_email);

/** The contact form (issue 34): where its messages are mailed, and whether it asks for a phone number and a subject. */
export function ContactSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  return (
    <SettingsSection id="contact" title="Contact form">
      <Form.Group controlId="contact_email" className="mb-2">
        <Form.Label>Mail the messages to (empty: every manager)</Form.Label>
        <Form.Control
          type="email"
          value={form.contact_email}
          maxLength={254}
          isInvalid={!contactEmailIsValid(form)}
          onChange={(event) => update({ contact_email: event.target.value })}
        />
        <Form.Control.Feedback type="invalid">Must be an email address, or empty</Form.Control.Feedback>
      </Form.Group>
      <Form.Check
        id="contact_shows_phone"
        label="Ask for a phone number"
        checked={form.contact_shows_phone}
        onChange={(event) => update({ contact_shows_phone: event.target.checked })}
      />
      <Form.Check
        id="contact_shows_subject"
        label="Ask for a subject"
        checked={form.contact_shows_subject}
        onChange={(event) => update({ contact_shows_subject: event.target.checked })}
      />
    </SettingsSection>
  );
}
