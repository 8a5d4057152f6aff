import Router from '@koa/router';
import type { Context } from 'koa';
import { z, ZodError } from 'zod';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import { CONTACT_LIMITS, CONTACT_TEXTS } from '../../src/shared/contact-form';
import { multiLineText, singleLineText } from '../../src/shared/text';
import type { Contact } from './contact';
import type { ContactInbox } from './ports';

/** Spec §3 "Contact message": phoneNo and subject are false when the site does not show them. */
const contactInput = z.strictObject({
  name: singleLineText({ max: CONTACT_LIMITS.name }),
  email: singleLineText({ max: CONTACT_LIMITS.email }),
  message: multiLineText({ max: CONTACT_LIMITS.message, refuseBidi: true }),
  phoneNo: z.union([z.literal(false), singleLineText({ max: CONTACT_LIMITS.phone })]),
  subject: z.union([z.literal(false), singleLineText({ max: CONTACT_LIMITS.subject })]),
  g_recaptcha_token: z.string().max(4000),
});

const messageId = z.uuid('not a message id');
const INBOX_SIZE = 200;

/**
 * `POST /send_contact` (spec §7) and the staff inbox. Every refusal of a message, whatever its reason (a field, the
 * human check, a limit), answers the spec's one sentence with its status (400, 403, 429 with Retry-After): the
 * form shows only that sentence (§8), and the reason is no help to a script.
 */
export function contactRoutes(deps: { contact: Contact; inbox: ContactInbox; clock: Clock }) {
  const { contact, inbox, clock } = deps;
  const router = new Router();

  router.post('/send_contact', async (ctx) => {
    try {
      const input = contactInput.parse(ctx.request.body);
      const fields = { name: input.name, email: input.email, message: input.message, phone: input.phoneNo, subject: input.subject };
      await contact.send(fields, input.g_recaptcha_token, ctx.ip, commandContext(ctx, clock));
    } catch (error) {
      throw refusal(error);
    }
    ctx.body = { status: true, message: CONTACT_TEXTS.sent };
  });

  const staff = new Router({ prefix: '/api/staff/contact-messages' });
  staff.use(requireRole('staff'));
  staff.get('/', async (ctx) => {
    const [messages, unhandled] = await Promise.all([inbox.newest(INBOX_SIZE), inbox.unhandled()]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: true, messages, unhandled };
  });
  staff.get('/unhandled', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: true, unhandled: await inbox.unhandled() };
  });
  staff.post('/:id/handled', async (ctx: Context) => {
    await contact.markHandled(messageId.parse(ctx.params.id), commandContext(ctx, clock));
    ctx.body = { status: true, message: 'Marked as handled' };
  });
  router.use(staff.routes(), staff.allowedMethods());
  return router;
}

function refusal(error: unknown): unknown {
  if (error instanceof ZodError) return new DomainError('invalid', CONTACT_TEXTS.failed);
  if (error instanceof DomainError) return new DomainError(error.kind, CONTACT_TEXTS.failed, error.retryAfterSeconds);
  return error;
}
