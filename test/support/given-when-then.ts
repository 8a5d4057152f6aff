import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';

/** given(events).when(command) → then(events) or thenFails(message), for a pure decider. */
export function specFor<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return (given: Event[]) => ({
    when: (command: Command) => {
      const decide = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState));
      return {
        // oxlint-disable-next-line unicorn/no-thenable -- the spec's own word; nobody awaits this object.
        then: (expected: Event[]) => expect(decide()).toEqual(expected),
        thenFails: (message: string | RegExp, kind?: DomainError['kind']) => {
          let caught: unknown;
          try {
            decide();
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect((caught as DomainError).message).toMatch(message);
          if (kind) expect((caught as DomainError).kind).toBe(kind);
        },
      };
    },
  });
}
