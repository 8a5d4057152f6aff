import { z } from 'zod';
import { contactSubject, ERASED, type PersonalDataDeclarations } from '../../src/personal-data';

/**
 * A visitor's message through the contact form (issue 34). Its personal fields (everything the visitor typed)
 * are sealed under the message's own key, so one message can be erased alone; `phone` and `subject` are null
 * when the site did not show those fields.
 */
export const ContactMessageReceived = z.object({
  type: z.literal('ContactMessageReceived'),
  data: z.object({
    messageId: z.uuid(),
    receivedAt: z.iso.datetime(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    phone: z.string().nullable(),
    subject: z.string().nullable(),
  }),
});
export type ContactMessageReceived = z.infer<typeof ContactMessageReceived>;

/** A member of staff dealt with the message: who (their login's id) and when. */
export const ContactMessageHandled = z.object({
  type: z.literal('ContactMessageHandled'),
  data: z.object({ messageId: z.uuid(), handledAt: z.iso.datetime(), handledBy: z.string() }),
});
export type ContactMessageHandled = z.infer<typeof ContactMessageHandled>;

export type ContactEvent = ContactMessageReceived | ContactMessageHandled;

export const CONTACT_EVENT_SCHEMAS = { ContactMessageReceived, ContactMessageHandled } satisfies Record<ContactEvent['type'], z.ZodType>;
export const CONTACT_EVENT_TYPES = Object.keys(CONTACT_EVENT_SCHEMAS) as ContactEvent['type'][];

export const CONTACT_STREAM_PREFIX = 'contact-';
export const contactStream = (messageId: string) => `${CONTACT_STREAM_PREFIX}${messageId}`;

/** The message's personal fields, sealed under `contact:<messageId>`; found again by its email and phone. */
export const CONTACT_PERSONAL_DATA = {
  ContactMessageReceived: {
    erasedAs: { name: ERASED, email: ERASED, message: ERASED, phone: ERASED, subject: ERASED },
    subject: (data) => contactSubject(String(data.messageId)),
    lookups: (data) => ({ email: data.email as string, phone: (data.phone as string | null) ?? null }),
  },
} satisfies PersonalDataDeclarations;
