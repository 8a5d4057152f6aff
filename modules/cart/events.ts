import { z } from 'zod';

export const CartOpened = z.object({
  type: z.literal('CartOpened'),
  data: z.object({ cartId: z.string().uuid() }),
});
export const CartNoteChanged = z.object({
  type: z.literal('CartNoteChanged'),
  data: z.object({ cartId: z.string().uuid(), note: z.string() }),
});
export const CartAssignedToUser = z.object({
  type: z.literal('CartAssignedToUser'),
  data: z.object({ cartId: z.string().uuid(), userId: z.string().uuid() }),
});

export type CartOpened = z.infer<typeof CartOpened>;
export type CartNoteChanged = z.infer<typeof CartNoteChanged>;
export type CartAssignedToUser = z.infer<typeof CartAssignedToUser>;
export type CartEvent = CartOpened | CartNoteChanged | CartAssignedToUser;

export const CART_EVENT_TYPES = ['CartOpened', 'CartNoteChanged', 'CartAssignedToUser'] as const;

export const cartStream = (cartId: string) => `cart-${cartId}`;
