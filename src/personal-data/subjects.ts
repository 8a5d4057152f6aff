import { z } from 'zod';

/**
 * Whose data a key covers: a registered person (their account), one order, or one basket (its note). Every
 * order has a key of its own, a registered customer's too, so erasing one order never touches another's.
 */
export type SubjectKind = 'customer' | 'guest_order' | 'cart';
export type SubjectId = `${SubjectKind}:${string}`;

const subjectIdSchema = z.string().regex(/^(customer|guest_order|cart):[A-Za-z0-9-]{1,64}$/, 'not a personal-data subject id');

export const customerSubject = (customerId: string): SubjectId => parseSubjectId(`customer:${customerId}`);
export const guestOrderSubject = (orderId: string): SubjectId => parseSubjectId(`guest_order:${orderId}`);
export const cartSubject = (cartId: string): SubjectId => parseSubjectId(`cart:${cartId}`);

export function parseSubjectId(value: string): SubjectId {
  return subjectIdSchema.parse(value) as SubjectId;
}
