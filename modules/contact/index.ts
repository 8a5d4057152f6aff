// The contact form and the staff inbox (issue 34): a visitor's message as an event, mailed to the shop, listed for staff.
export {
  CONTACT_EVENT_SCHEMAS,
  CONTACT_EVENT_TYPES,
  CONTACT_PERSONAL_DATA,
  CONTACT_STREAM_PREFIX,
  contactStream,
  type ContactEvent,
  type ContactMessageHandled,
  type ContactMessageReceived,
} from './events';
export { contactDecider, NO_MESSAGE, type ContactCommand, type ContactFields } from './decider';
export { evolveContact, initialContactState, type ContactState } from './state';
export { CONTACT_READ_MODEL, createContact, HUMAN_CHECK_FAILED, type Contact } from './contact';
export { contactMail, contactMailReactor } from './contact-mail';
export { contactRoutes } from './routes';
export type { ContactInbox, HumanCheckVerifier, InboxMessage } from './ports';
export { CONTACT_TEXTS, contactFormProblems, isContactEmail } from '../../src/shared/contact-form';
