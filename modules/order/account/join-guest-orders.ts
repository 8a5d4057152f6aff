import type { CommandContext } from '../../../src/core/decider';
import { idInSubject } from '../../../src/personal-data';
import type { Services } from '../../../src/services';
import { orderDecider } from '../core/decider';
import { orderStream } from '../core/events';

/**
 * A customer's earlier guest orders join their account once its address is confirmed as theirs (issue 33): the
 * orders whose latest email has the same keyed hash (pii.lookups), never a plaintext match. Orders already
 * someone's, or still in checkout, stay as they are (the decider's JoinToAccount). Safe to repeat.
 */
export function createGuestOrderJoin(services: Pick<Services, 'commands' | 'personalData' | 'readModels'>) {
  return {
    async join(userId: string, email: string, context: CommandContext): Promise<string[]> {
      const orderIds = (await services.personalData.subjectsByLookup('email', email))
        .map((subject) => idInSubject(subject, 'guest_order'))
        .filter((id): id is string => id !== undefined);
      const joined: string[] = [];
      for (const orderId of orderIds) {
        const result = await services.commands.handle(orderStream(orderId), orderDecider, { type: 'JoinToAccount', orderId, userId }, context);
        if (result.events.length > 0) {
          joined.push(orderId);
          await services.readModels.waitFor('orders', result.position);
        }
      }
      return joined;
    },
  };
}

export type GuestOrderJoin = ReturnType<typeof createGuestOrderJoin>;
