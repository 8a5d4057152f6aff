import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { CapacityEvent, PlaceReturnReason } from './events';

/** The orders holding a place in one window. */
export interface WindowState {
  holders: readonly string[];
}

/** The cap is the manager's setting at the moment of the command (a fact: the decider reads nothing itself). */
export type TakeKitchenPlace = { type: 'TakeKitchenPlace'; window: string; orderId: string; cap: number; now: string };
export type GiveKitchenPlaceBack = { type: 'GiveKitchenPlaceBack'; window: string; orderId: string; reason: PlaceReturnReason; now: string };
export type CapacityCommand = TakeKitchenPlace | GiveKitchenPlaceBack;

/** The window has no place left: the placing step says which other slots have room. */
export class WindowFull extends DomainError {
  constructor(readonly window: string) {
    super('conflict', 'This time is fully booked');
  }
}

export function evolveWindow(state: WindowState, event: CapacityEvent): WindowState {
  switch (event.type) {
    case 'KitchenPlaceTaken':
      return state.holders.includes(event.data.orderId) ? state : { holders: [...state.holders, event.data.orderId] };
    case 'KitchenPlaceGivenBack':
      return { holders: state.holders.filter((holder) => holder !== event.data.orderId) };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * A window takes at most `cap` orders. The command handler appends on the revision it decided on, so two
 * checkouts racing for the last place cannot both have it (on a conflict it reads the other's and decides
 * again). Taking a place the order holds, or giving back one it does not, changes nothing: both steps repeat safely.
 */
export function decideWindow(command: CapacityCommand, state: WindowState): CapacityEvent[] {
  const holds = state.holders.includes(command.orderId);
  switch (command.type) {
    case 'TakeKitchenPlace':
      if (holds) return [];
      if (state.holders.length >= command.cap) throw new WindowFull(command.window);
      return [{ type: 'KitchenPlaceTaken', data: { window: command.window, orderId: command.orderId, cap: command.cap, takenAt: command.now } }];
    case 'GiveKitchenPlaceBack':
      return holds ? [{ type: 'KitchenPlaceGivenBack', data: { window: command.window, orderId: command.orderId, reason: command.reason, givenBackAt: command.now } }] : [];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const windowDecider: Decider<CapacityCommand, CapacityEvent, WindowState> = { initialState: { holders: [] }, evolve: evolveWindow, decide: decideWindow };
