import { z } from 'zod';

/** Why a place goes back: a placing that failed after taking it, a checkout abandoned, a card attempt's end, or the order cancelled, lapsed or refunded before printing. */
export const PLACE_RETURN_REASONS = ['failed', 'abandoned', 'card_attempt_ended', 'cancelled', 'lapsed', 'refunded'] as const;
export type PlaceReturnReason = (typeof PLACE_RETURN_REASONS)[number];

/** An order took one of a 15-minute window's places, under the cap the manager had set. */
export const KitchenPlaceTaken = z.object({
  type: z.literal('KitchenPlaceTaken'),
  data: z.object({ window: z.iso.datetime(), orderId: z.uuid(), cap: z.number().int().positive(), takenAt: z.iso.datetime() }),
});
/** The order's place in the window is free again. */
export const KitchenPlaceGivenBack = z.object({
  type: z.literal('KitchenPlaceGivenBack'),
  data: z.object({ window: z.iso.datetime(), orderId: z.uuid(), reason: z.enum(PLACE_RETURN_REASONS), givenBackAt: z.iso.datetime() }),
});

export type KitchenPlaceTaken = z.infer<typeof KitchenPlaceTaken>;
export type KitchenPlaceGivenBack = z.infer<typeof KitchenPlaceGivenBack>;
export type CapacityEvent = KitchenPlaceTaken | KitchenPlaceGivenBack;

export const CAPACITY_EVENT_TYPES = ['KitchenPlaceTaken', 'KitchenPlaceGivenBack'] as const;
export const CAPACITY_EVENT_SCHEMAS = { KitchenPlaceTaken, KitchenPlaceGivenBack } satisfies Record<(typeof CAPACITY_EVENT_TYPES)[number], z.ZodType>;

/** One stream per 15-minute window (its start, an ISO instant): the window's ledger of places. */
export const kitchenWindowStream = (window: string) => `kitchenwindow-${window}`;
