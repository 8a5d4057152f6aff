import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { CommandHandler } from '../../src/core/handle-command';
import type { BasketTurns } from './basket-turns';
import { cartDecider } from './decider';
import { cartStream } from './events';
import type { KnownBaskets } from './known-baskets';
import type { LastChanges } from './last-changes';

export interface BasketOpeningDeps {
  commands: CommandHandler;
  known: KnownBaskets;
  turns: BasketTurns;
  changes: LastChanges;
}

/** The basket's own stream beside its lines: opening it, tying it to the signed-in customer, its note. */
export function createBasketOpening({ commands, known, turns, changes }: BasketOpeningDeps) {
  /**
   * A fresh basket id, known to this process from now on: a move into the basket may then run while it opens
   * (see `openNew`), and its lines are still read from memory.
   */
  function newCartId(): string {
    const cartId = randomUUID();
    known.opened(cartId);
    return cartId;
  }

  /** Opens the basket `newCartId` named, tied to the signed-in customer if any. */
  async function openNew(cartId: string, userId: string | null, context: CommandContext): Promise<string> {
    await commands.handle(cartStream(cartId), cartDecider, { type: 'OpenCart', cartId }, context, { newStream: true });
    if (userId) await commands.handle(cartStream(cartId), cartDecider, { type: 'AssignToUser', cartId, userId }, context);
    return cartId;
  }

  return {
    /**
     * The session's basket, opened on first use and tied to the signed-in customer. `mayOpen` is asked (and may
     * throw) before a new basket is opened.
     */
    async ensureCart(existing: string | undefined, userId: string | null, context: CommandContext, mayOpen: () => Promise<void>): Promise<string> {
      if (existing === undefined) {
        await mayOpen();
        return openNew(newCartId(), userId, context);
      }
      const opened = await commands
        .handle(cartStream(existing), cartDecider, { type: 'OpenCart', cartId: existing }, context)
        .then(() => true, (error) => {
          if (error instanceof DomainError && error.kind === 'conflict') return false; // that basket was ordered
          throw error;
        });
      if (!opened) {
        await mayOpen();
        return openNew(newCartId(), userId, context);
      }
      if (userId) await commands.handle(cartStream(existing), cartDecider, { type: 'AssignToUser', cartId: existing, userId }, context);
      return existing;
    },

    newCartId,
    openNew,

    async assignToUser(cartId: string, userId: string, context: CommandContext): Promise<void> {
      await commands.handle(cartStream(cartId), cartDecider, { type: 'AssignToUser', cartId, userId }, context);
    },

    changeNote: (cartId: string, note: string, context: CommandContext) =>
      turns.run(cartId, async () => {
        const result = await commands.handle(cartStream(cartId), cartDecider, { type: 'ChangeNote', cartId, note }, context);
        return changes.note(cartId, result.position);
      }),
  };
}
