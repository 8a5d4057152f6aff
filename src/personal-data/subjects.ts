import { z } from 'zod';

/** Whose data a key covers: a registered person (all their orders) or one guest order. */
export type SubjectKind = 'customer' | 'guest_order';
export type SubjectId = `${SubjectKind}:${string}`;

const subjectIdSchema = z.string().regex(/^(customer|guest_order):[A-Za-z0-9-]{1,64}$/, 'not a personal-data subject id');

export const customerSubject = (customerId: string): SubjectId => parseSubjectId(`customer:${customerId}`);
export const guestOrderSubject = (orderId: string): SubjectId => parseSubjectId(`guest_order:${orderId}`);

export function parseSubjectId(value: string): SubjectId {
  return subjectIdSchema.parse(value) as SubjectId;
}
