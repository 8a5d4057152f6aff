/**
 * The contact form (customer spec §2, §4, §5, §8, §9): its texts, timings and the one rule of what it needs,
 * which the browser checks before sending and the contact module's decider checks again.
 */

/** §8: the two answers of `POST /send_contact`, and the only words a visitor is shown about it. */
export const CONTACT_TEXTS = {
  sent: 'Your message has been sent - Thank you',
  failed: 'Sorry, there was an error your message has not been sent',
} as const;

/** §9: the confirmation shows 5 s (Send stays disabled meanwhile); the human check is awaited in 2 s loops. */
export const CONTACT_CONFIRMATION_MS = 5000;
export const HUMAN_CHECK_WAIT_MS = 2000;

/** The longest text each field takes. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000, phone: 30, subject: 150 } as const;

/** Which of the optional fields the site shows (the settings `contact_shows_phone`, `contact_shows_subject`). */
export interface ContactFieldsShown {
  phone: boolean;
  subject: boolean;
}

export interface ContactFormValues {
  name: string;
  email: string;
  message: string;
  phone: string;
  subject: string;
}

/**
 * §5's own email pattern, stricter than the checkout's: letters, digits and `._-` before the at sign, then a
 * domain whose ending is 2 to 4 letters.
 */
const CONTACT_EMAIL = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,4}$/;

export function isContactEmail(input: string): boolean {
  return CONTACT_EMAIL.test(input.trim());
}

export type ContactField = keyof ContactFormValues;

/** §5: what is missing or wrong, field by field (empty when the message may go). */
export function contactFormProblems(values: ContactFormValues, shown: ContactFieldsShown): Partial<Record<ContactField, string>> {
  const problems: Partial<Record<ContactField, string>> = {};
  if (values.name.trim() === '') problems.name = 'Please enter your name';
  if (values.email.trim() === '') problems.email = 'Please enter your email address';
  else if (!isContactEmail(values.email)) problems.email = 'Please enter a valid email address';
  if (values.message.trim() === '') problems.message = 'Please enter your message';
  if (shown.phone && values.phone.trim() === '') problems.phone = 'Please enter your phone number';
  if (shown.subject && values.subject.trim() === '') problems.subject = 'Please enter a subject';
  return problems;
}

/** One message as the staff inbox shows it (the contact messages read model). */
export interface InboxMessage {
  messageId: string;
  receivedAt: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  /** When and by whom (the login's address) it was marked handled; null while it waits. */
  handledAt: string | null;
  handledBy: string | null;
}
