import { windowDecider, type CapacityEvent } from '../../../modules/capacity';
import { specFor } from '../../support/given-when-then';

/** A kitchen window's places (issue 37): at most the cap, taken and given back once each. */
const spec = specFor(windowDecider);
const window = '2026-11-27T19:30:00.000Z';
const now = '2026-11-27T18:00:00.000Z';
const order = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const taken = (n: number, cap = 2): CapacityEvent => ({ type: 'KitchenPlaceTaken', data: { window, orderId: order(n), cap, takenAt: now } });
const given = (n: number, reason: 'cancelled' | 'failed' = 'cancelled'): CapacityEvent => ({ type: 'KitchenPlaceGivenBack', data: { window, orderId: order(n), reason, givenBackAt: now } });
const take = (n: number, cap = 2) => ({ type: 'TakeKitchenPlace' as const, window, orderId: order(n), cap, now });
const giveBack = (n: number) => ({ type: 'GiveKitchenPlaceBack' as const, window, orderId: order(n), reason: 'cancelled' as const, now });

describe('a kitchen window', () => {
  it('takes places up to its cap, then refuses', () => {
    spec([]).when(take(1)).then([taken(1)]);
    spec([taken(1)]).when(take(2)).then([taken(2)]);
    spec([taken(1), taken(2)]).when(take(3)).thenFails('This time is fully booked', 'conflict');
  });
  it('a place given back is free again; a cancelled order frees its place', () =>
    spec([taken(1), taken(2), given(1)]).when(take(3)).then([taken(3)]));
  it('takes the cap the manager has set now: a lower cap refuses, a higher one takes', () => {
    spec([taken(1, 3), taken(2, 3)]).when(take(3, 2)).thenFails('fully booked');
    spec([taken(1), taken(2)]).when(take(3, 6)).then([taken(3, 6)]);
  });
  it('a repeat changes nothing: an order holds one place, and gives back only one it holds', () => {
    spec([taken(1), taken(2)]).when(take(1)).then([]);
    spec([taken(1)]).when(giveBack(2)).then([]);
    spec([taken(1), given(1)]).when(giveBack(1)).then([]);
    spec([taken(1)]).when(giveBack(1)).then([given(1)]);
  });
});
