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

/** The basket became an order: it is done, and the customer's next basket is a new one. */
export const CartCheckedOut = z.object({
  type: z.literal('CartCheckedOut'),
  data: z.object({ cartId: z.string().uuid(), orderId: z.string().uuid() }),
});

export type CartOpened = z.infer<typeof CartOpened>;
export type CartCheckedOut = z.infer<typeof CartCheckedOut>;
export type CartNoteChanged = z.infer<typeof CartNoteChanged>;
export type CartAssignedToUser = z.infer<typeof CartAssignedToUser>;
export type CartEvent = CartOpened | CartNoteChanged | CartAssignedToUser | CartCheckedOut;

export const CART_EVENT_TYPES = ['CartOpened', 'CartNoteChanged', 'CartAssignedToUser', 'CartCheckedOut'] as const;

export const cartStream = (cartId: string) => `cart-${cartId}`;

/** Every event type's schema: appends are parsed against it (outside production). */
export const CART_EVENT_SCHEMAS = { CartOpened, CartNoteChanged, CartAssignedToUser, CartCheckedOut } satisfies Record<(typeof CART_EVENT_TYPES)[number], z.ZodType>;
