import { contactDecider, type ContactCommand, type ContactEvent, type ContactFields } from '../../../modules/contact';
import { contactFormProblems, isContactEmail } from '../../../src/shared/contact-form';
import { specFor } from '../../support/given-when-then';

const spec = specFor(contactDecider);
const messageId = '34343434-3434-4434-8434-343434343434';
const now = '2026-11-29T12:00:00.000Z';
const later = '2026-11-29T12:30:00.000Z';
const staffId = '11111111-1111-4111-8111-111111111111';
const fields: ContactFields = { name: 'Ada Lovelace', email: 'ada@example.co.uk', message: 'Do you cater for parties?\nThanks', phone: false, subject: false };
const hidden = { phone: false, subject: false };
const receive = (overrides: Partial<ContactFields> = {}, shown = hidden): ContactCommand => ({
  type: 'ReceiveContactMessage',
  messageId,
  fields: { ...fields, ...overrides },
  shown,
  now,
});
const received = (overrides: Partial<ContactMessageData> = {}): ContactEvent => ({
  type: 'ContactMessageReceived',
  data: { messageId, receivedAt: now, name: fields.name, email: fields.email, message: fields.message, phone: null, subject: null, ...overrides },
});
type ContactMessageData = Extract<ContactEvent, { type: 'ContactMessageReceived' }>['data'];
const handled: ContactEvent = { type: 'ContactMessageHandled', data: { messageId, handledAt: now, handledBy: staffId } };

describe('ReceiveContactMessage', () => {
  it('records the message; phone and subject are null while the site does not show them, whatever was sent', () => {
    spec([]).when(receive()).then([received()]);
    spec([]).when(receive({ phone: '0113 496 0000', subject: 'Party' })).then([received()]);
  });

  it('keeps phone and subject when the site shows them', () => {
    spec([]).when(receive({ phone: '0113 496 0000', subject: 'Party' }, { phone: true, subject: true })).then([received({ phone: '0113 496 0000', subject: 'Party' })]);
  });

  it('refuses a missing name, email or message', () => {
    spec([]).when(receive({ name: '' })).thenFails('Please enter your name', 'invalid');
    spec([]).when(receive({ email: '' })).thenFails('Please enter your email address', 'invalid');
    spec([]).when(receive({ message: '  ' })).thenFails('Please enter your message', 'invalid');
  });

  it('refuses a missing phone or subject only when the site shows it', () => {
    spec([]).when(receive({}, { phone: true, subject: false })).thenFails('Please enter your phone number', 'invalid');
    spec([]).when(receive({ phone: '' }, { phone: true, subject: false })).thenFails('Please enter your phone number', 'invalid');
    spec([]).when(receive({}, { phone: false, subject: true })).thenFails('Please enter a subject', 'invalid');
  });

  it("refuses an email the spec's pattern refuses", () => {
    for (const email of ['ada@example.museum', 'ada+shop@example.com', 'ada@example', 'ada@@example.com', "o'neil@example.com", 'ada@example.c0m']) {
      spec([]).when(receive({ email })).thenFails('Please enter a valid email address', 'invalid');
    }
  });

  it('records nothing more for the same message again', () => {
    spec([received()]).when(receive()).then([]);
  });
});

describe('MarkContactHandled', () => {
  const mark = (at = now, by = staffId): ContactCommand => ({ type: 'MarkContactHandled', messageId, by, now: at });

  it('records who handled it and when', () => {
    spec([received()]).when(mark()).then([handled]);
  });

  it('keeps the first who and when', () => {
    spec([received(), handled]).when(mark(later, '22222222-2222-4222-8222-222222222222')).then([]);
  });

  it('refuses a message that does not exist', () => {
    spec([]).when(mark()).thenFails('There is no such message', 'not_found');
  });
});

describe("the contact form's rule (src/shared/contact-form.ts)", () => {
  it("takes letters, digits and ._- before the at sign and a 2 to 4 letter ending (spec §5)", () => {
    for (const email of ['ada@example.com', 'a.b-c_d@mail.example.info', 'A1@EX.UK']) expect(isContactEmail(email)).toBe(true);
    for (const email of ['ada@example.company', 'ada@example.x', 'ada example@x.com', 'ada@ex ample.com', '@example.com']) expect(isContactEmail(email)).toBe(false);
  });

  it('names every problem at once, for the form', () => {
    expect(contactFormProblems({ name: '', email: 'x', message: '', phone: '', subject: '' }, { phone: true, subject: true })).toEqual({
      name: 'Please enter your name',
      email: 'Please enter a valid email address',
      message: 'Please enter your message',
      phone: 'Please enter your phone number',
      subject: 'Please enter a subject',
    });
  });
});
