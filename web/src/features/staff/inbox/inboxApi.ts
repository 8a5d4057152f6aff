import type { InboxMessage } from '../../../../../src/shared/contact-form';
import { api } from '../../../app/api';

/** One message as `GET /api/staff/contact-messages` answers it: the shared shape (src/shared/contact-form.ts). */
export type { InboxMessage };

export const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The newest messages first; a ContactInbox message on `/events/orders` refetches them. */
    contactMessages: build.query<{ messages: InboxMessage[]; unhandled: number }, void>({
      query: () => '/api/staff/contact-messages',
      providesTags: ['ContactInbox'],
    }),
    /** How many wait, for the staff header; kept live by the ContactInbox message. */
    contactUnhandled: build.query<number, void>({
      query: () => '/api/staff/contact-messages/unhandled',
      transformResponse: (answer: { status: true; unhandled: number }) => answer.unhandled,
      providesTags: ['ContactInbox'],
    }),
    markContactHandled: build.mutation<{ status: true; message: string }, string>({
      query: (messageId) => ({ url: `/api/staff/contact-messages/${messageId}/handled`, method: 'POST' }),
      invalidatesTags: ['ContactInbox'],
    }),
  }),
});

export const { useContactMessagesQuery, useContactUnhandledQuery, useMarkContactHandledMutation } = inboxApi;
