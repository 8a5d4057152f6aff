import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { commandContext } from '../../src/http/command-context';
import { ACCOUNT_CLOSED_TEXT, EMAIL_CHANGED_TEXT, EMAIL_VERIFIED_TEXT, PASSWORD_RESET_TEXT } from '../../src/shared/account-texts';
import { requireCustomer } from '../../src/identity/auth';
import { requireRecentPassword } from '../../src/identity/step-up';
import { CUSTOMERS_ONLY } from './decider';
import { HUMAN_CHECK_FIELD } from '../../src/shared/login-texts';
import { emailText, singleLineText } from '../../src/shared/text';
import type { CustomerAccounts } from './customers';

const registerInput = z.strictObject({
  email: emailText(),
  password: singleLineText({ max: 1024, required: 'Choose a password', keepSpaces: true }),
  [HUMAN_CHECK_FIELD]: singleLineText({ max: 4000 }).optional(),
});
const password = (required: string) => singleLineText({ max: 1024, required, keepSpaces: true });
const verifyInput = z.strictObject({ token: singleLineText({ max: 300, required: 'No link' }) });
const forgotInput = z.strictObject({ email: emailText(), [HUMAN_CHECK_FIELD]: singleLineText({ max: 4000 }).optional() });
const resetInput = z.strictObject({ token: singleLineText({ max: 300, required: 'No link' }), password: password('Choose a new password') });
// Closing is for good: the web app sends the person's explicit confirmation, never an empty body.
const closeInput = z.strictObject({ confirm: z.literal(true, { error: 'tick the box to confirm you want your account closed' }) });
const changeEmailInput = z.strictObject({ email: emailText(), password: password('Enter your current password') });

/** Resolves once the answer has been handed to the network (or the client went away). */
const answerSent = (ctx: Context) =>
  new Promise<void>((resolve) => {
    ctx.res.once('finish', resolve);
    ctx.res.once('close', resolve);
  });

/** Customers' own accounts (issue 33): signing up and confirming the address; signing in is the one login. */
export function customerAccountRoutes(deps: { customers: CustomerAccounts; clock: Clock }) {
  const { customers, clock } = deps;
  const router = new Router();

  router.post('/api/customer/register', async (ctx) => {
    const input = registerInput.parse(ctx.request.body);
    const { message } = await customers.register(
      { email: input.email, password: input.password, humanCheck: input[HUMAN_CHECK_FIELD] },
      { address: ctx.ip, signedIn: ctx.state.user !== undefined, answered: answerSent(ctx) },
      commandContext(ctx, clock),
    );
    ctx.body = { status: true, message };
  });

  router.post('/api/customer/verify', async (ctx) => {
    const { token } = verifyInput.parse(ctx.request.body);
    await customers.verifyEmail(token, commandContext(ctx, clock));
    ctx.body = { status: true, message: EMAIL_VERIFIED_TEXT };
  });

  router.post('/api/customer/forgot-password', async (ctx) => {
    const input = forgotInput.parse(ctx.request.body);
    const { message } = await customers.forgotPassword({ email: input.email, humanCheck: input[HUMAN_CHECK_FIELD] }, { address: ctx.ip }, commandContext(ctx, clock));
    ctx.body = { status: true, message };
  });

  router.post('/api/customer/reset-password', async (ctx) => {
    const input = resetInput.parse(ctx.request.body);
    await customers.resetPassword(input.token, input.password, commandContext(ctx, clock));
    // Every session of the account ended; this browser's, if it was one of them, starts afresh.
    if (ctx.state.user) ctx.session = null;
    ctx.body = { status: true, message: PASSWORD_RESET_TEXT };
  });

  router.post('/api/account/email', requireCustomer(CUSTOMERS_ONLY), async (ctx) => {
    const input = changeEmailInput.parse(ctx.request.body);
    const { message } = await customers.requestEmailChange(input, commandContext(ctx, clock));
    ctx.body = { status: true, message };
  });

  const stepUp = requireRecentPassword(clock);

  router.get('/api/account/my-data', requireCustomer(CUSTOMERS_ONLY), stepUp, async (ctx) => {
    const data = await customers.ownData(commandContext(ctx, clock));
    ctx.set('Cache-Control', 'no-store');
    ctx.attachment('my-data.json');
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(data, null, 2);
  });

  router.post('/api/account/close', requireCustomer(CUSTOMERS_ONLY), stepUp, async (ctx) => {
    closeInput.parse(ctx.request.body);
    await customers.closeOwnAccount(commandContext(ctx, clock));
    ctx.session = null;
    ctx.body = { status: true, message: ACCOUNT_CLOSED_TEXT };
  });

  router.post('/api/customer/confirm-email', async (ctx) => {
    const { token } = verifyInput.parse(ctx.request.body);
    await customers.confirmEmailChange(token, commandContext(ctx, clock));
    ctx.body = { status: true, message: EMAIL_CHANGED_TEXT };
  });

  return router;
}
