import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { contactFormProblems, type ContactFieldsShown } from '../../src/shared/contact-form';
import type { ContactEvent } from './events';
import { evolveContact, initialContactState, type ContactState } from './state';

/** What the visitor typed, as the door's text schemas let it in (phone and subject false when not sent). */
export interface ContactFields {
  name: string;
  email: string;
  message: string;
  phone: string | false;
  subject: string | false;
}

/** A visitor's message; `shown` is which optional fields the site shows now (a fact from the settings). */
export type ReceiveContactMessage = { type: 'ReceiveContactMessage'; messageId: string; fields: ContactFields; shown: ContactFieldsShown; now: string };
export type MarkContactHandled = { type: 'MarkContactHandled'; messageId: string; by: string; now: string };
export type ContactCommand = ReceiveContactMessage | MarkContactHandled;

export const NO_MESSAGE = 'There is no such message';

/**
 * §5: name, email (its own pattern) and message always; phone and subject when the site shows them. A field
 * the site does not show is not kept, whatever was sent for it.
 */
function receive(command: ReceiveContactMessage, state: ContactState): ContactEvent[] {
  if (state.status !== 'none') return []; // the same message again
  const { fields, shown } = command;
  const text = (value: string | false) => (value === false ? '' : value);
  const problems = contactFormProblems({ ...fields, phone: text(fields.phone), subject: text(fields.subject) }, shown);
  const first = Object.values(problems)[0];
  if (first !== undefined) throw new DomainError('invalid', first);
  return [
    {
      type: 'ContactMessageReceived',
      data: {
        messageId: command.messageId,
        receivedAt: command.now,
        name: fields.name,
        email: fields.email,
        message: fields.message,
        phone: shown.phone ? text(fields.phone) : null,
        subject: shown.subject ? text(fields.subject) : null,
      },
    },
  ];
}

/** Marked handled once: the first who and when stand. */
function markHandled(command: MarkContactHandled, state: ContactState): ContactEvent[] {
  if (state.status === 'none') throw new DomainError('not_found', NO_MESSAGE);
  if (state.status === 'handled') return [];
  return [{ type: 'ContactMessageHandled', data: { messageId: state.messageId, handledAt: command.now, handledBy: command.by } }];
}

export function decideContact(command: ContactCommand, state: ContactState): ContactEvent[] {
  switch (command.type) {
    case 'ReceiveContactMessage':
      return receive(command, state);
    case 'MarkContactHandled':
      return markHandled(command, state);
  }
}

export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState> = {
  initialState: initialContactState,
  evolve: evolveContact,
  decide: decideContact,
};
