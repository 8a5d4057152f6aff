import { z } from 'zod';

/**
 * Whose data a key covers: a registered person (their account), one order, one basket (its note), or one
 * contact message (issue 34). Every order has a key of its own, a registered customer's too, so erasing one
 * order never touches another's; every message likewise.
 */
export type SubjectKind = 'customer' | 'guest_order' | 'cart' | 'contact';
export type SubjectId = `${SubjectKind}:${string}`;

const subjectIdSchema = z.string().regex(/^(customer|guest_order|cart|contact):[A-Za-z0-9-]{1,64}$/, 'not a personal-data subject id');

/** How a subject id of each kind starts: the one place SQL and code learn it from. */
export const SUBJECT_PREFIX = { customer: 'customer:', guest_order: 'guest_order:', cart: 'cart:', contact: 'contact:' } as const satisfies Record<SubjectKind, string>;

export const customerSubject = (customerId: string): SubjectId => parseSubjectId(`${SUBJECT_PREFIX.customer}${customerId}`);
export const guestOrderSubject = (orderId: string): SubjectId => parseSubjectId(`${SUBJECT_PREFIX.guest_order}${orderId}`);
export const cartSubject = (cartId: string): SubjectId => parseSubjectId(`${SUBJECT_PREFIX.cart}${cartId}`);
export const contactSubject = (messageId: string): SubjectId => parseSubjectId(`${SUBJECT_PREFIX.contact}${messageId}`);

/** The id inside a subject of this kind (an order's, a basket's, a login's), or undefined for another kind. */
export function idInSubject(subject: string, kind: SubjectKind): string | undefined {
  return subject.startsWith(SUBJECT_PREFIX[kind]) ? subject.slice(SUBJECT_PREFIX[kind].length) : undefined;
}

export function parseSubjectId(value: string): SubjectId {
  return subjectIdSchema.parse(value) as SubjectId;
}
