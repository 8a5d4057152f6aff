import { z } from 'zod';
import { cartSubject, ERASED, type PersonalDataDeclarations } from '../../src/personal-data';

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

/**
 * The basket was saved as this order: until the order is placed or the customer goes back to the basket page,
 * nothing in it changes (another tab's adds, removes and note are refused), so the order is what it holds.
 */
export const CartFrozen = z.object({
  type: z.literal('CartFrozen'),
  data: z.object({ cartId: z.string().uuid(), orderId: z.string().uuid() }),
});

/** The customer went back to the basket page: it may change again, and saving it again refreshes the order. */
export const CartReopened = z.object({
  type: z.literal('CartReopened'),
  data: z.object({ cartId: z.string().uuid() }),
});

export type CartOpened = z.infer<typeof CartOpened>;
export type CartFrozen = z.infer<typeof CartFrozen>;
export type CartReopened = z.infer<typeof CartReopened>;
export type CartCheckedOut = z.infer<typeof CartCheckedOut>;
export type CartNoteChanged = z.infer<typeof CartNoteChanged>;
export type CartAssignedToUser = z.infer<typeof CartAssignedToUser>;
export type CartEvent = CartOpened | CartNoteChanged | CartAssignedToUser | CartCheckedOut | CartFrozen | CartReopened;

export const CART_EVENT_TYPES = ['CartOpened', 'CartNoteChanged', 'CartAssignedToUser', 'CartCheckedOut', 'CartFrozen', 'CartReopened'] as const;

export const CART_STREAM_PREFIX = 'cart-';
export const cartStream = (cartId: string) => `${CART_STREAM_PREFIX}${cartId}`;

/** Every event type's schema: appends are parsed against it (outside production). */
export const CART_EVENT_SCHEMAS = { CartOpened, CartNoteChanged, CartAssignedToUser, CartCheckedOut, CartFrozen, CartReopened } satisfies Record<(typeof CART_EVENT_TYPES)[number], z.ZodType>;

/** The basket's note is free text a customer may fill with anything personal: sealed under the basket's key. */
export const CART_PERSONAL_DATA = {
  CartNoteChanged: { erasedAs: { note: ERASED }, subject: (data) => cartSubject(String(data.cartId)) },
} satisfies PersonalDataDeclarations;
