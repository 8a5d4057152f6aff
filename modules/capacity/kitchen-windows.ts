import type { CommandContext } from '../../src/core/decider';
import type { CommandHandler } from '../../src/core/handle-command';
import { windowDecider } from './decider';
import { kitchenWindowStream, type PlaceReturnReason } from './events';

/** What the read side tells of the windows (projections/capacity implements it). */
export interface WindowLoads {
  /** How many places each of these windows has taken (a window with none is absent). */
  taken(windows: readonly string[]): Promise<Map<string, number>>;
  /** The window an order holds a place in, if any: for an undo after a crash, which knows no more than the order. */
  windowOf(orderId: string): Promise<string | null>;
}

/** Taking and giving back a window's places, each a command on the window's own stream. */
export function createKitchenWindows(commands: CommandHandler) {
  return {
    /** Throws WindowFull when the window has no place left; a repeat for the same order takes nothing more. */
    async take(window: string, orderId: string, cap: number, context: CommandContext): Promise<void> {
      await commands.handle(kitchenWindowStream(window), windowDecider, { type: 'TakeKitchenPlace', window, orderId, cap, now: context.now }, context);
    },
    async giveBack(window: string, orderId: string, reason: PlaceReturnReason, context: CommandContext): Promise<void> {
      await commands.handle(kitchenWindowStream(window), windowDecider, { type: 'GiveKitchenPlaceBack', window, orderId, reason, now: context.now }, context);
    },
  };
}

export type KitchenWindows = ReturnType<typeof createKitchenWindows>;
