import type { ContactEvent } from './events';

export type ContactState =
  | { status: 'none' }
  | { status: 'received'; messageId: string }
  | { status: 'handled'; messageId: string; handledAt: string; handledBy: string };

export const initialContactState: ContactState = { status: 'none' };

export function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { status: 'received', messageId: event.data.messageId };
    case 'ContactMessageHandled':
      return { status: 'handled', messageId: event.data.messageId, handledAt: event.data.handledAt, handledBy: event.data.handledBy };
    default:
      return state;
  }
}
