import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { refuseWhenOver, takeAll, type Limits } from '../../src/limits';
import type { Services } from '../../src/services';
import { readSettings } from '../store';
import { contactDecider, type ContactFields } from './decider';
import { contactStream } from './events';
import type { HumanCheckVerifier } from './ports';

/** The read model the inbox reads (projections/contact); a staff change is answered once it shows there. */
export const CONTACT_READ_MODEL = 'contact_messages';

export const HUMAN_CHECK_FAILED = 'The human check was not passed';

/**
 * The contact form's handler: the limits (per client address and per email address, counted before anything
 * else, refused attempts too, so a flood costs the sender and not the inbox), the human check (each solved
 * challenge once), then the message as an event. The mail to the shop follows from the event (contact-mail.ts).
 */
export function createContact(deps: { services: Pick<Services, 'commands' | 'settings' | 'readModels'>; humanCheck: HumanCheckVerifier; limits: Limits }) {
  const { services, humanCheck, limits } = deps;
  return {
    async send(fields: ContactFields, proof: unknown, address: string, context: CommandContext): Promise<string> {
      const now = new Date(context.now);
      refuseWhenOver(
        await takeAll(limits, [['contact_messages', address], ['contact_messages_per_email', fields.email.trim().toLowerCase()]], now),
        'messages',
      );
      if (!(await humanCheck.verify(proof))) throw new DomainError('forbidden', HUMAN_CHECK_FAILED);
      const settings = await readSettings(services.settings, ['contact_shows_phone', 'contact_shows_subject']);
      const messageId = randomUUID();
      const shown = { phone: settings.contact_shows_phone, subject: settings.contact_shows_subject };
      await services.commands.handle(contactStream(messageId), contactDecider, { type: 'ReceiveContactMessage', messageId, fields, shown, now: context.now }, context);
      return messageId;
    },

    async markHandled(messageId: string, context: CommandContext): Promise<void> {
      const result = await services.commands.handle(contactStream(messageId), contactDecider, { type: 'MarkContactHandled', messageId, by: context.actor, now: context.now }, context);
      await services.readModels.waitFor(CONTACT_READ_MODEL, result.position);
    },
  };
}

export type Contact = ReturnType<typeof createContact>;
