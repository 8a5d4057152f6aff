import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { commandContext } from '../../src/http/command-context';
import { EMAIL_VERIFIED_TEXT } from '../../src/shared/account-texts';
import { HUMAN_CHECK_FIELD } from '../../src/shared/login-texts';
import { emailText, singleLineText } from '../../src/shared/text';
import type { CustomerAccounts } from './customers';

const registerInput = z.strictObject({
  email: emailText(),
  password: singleLineText({ max: 1024, required: 'Choose a password', keepSpaces: true }),
  [HUMAN_CHECK_FIELD]: singleLineText({ max: 4000 }).optional(),
});
const verifyInput = z.strictObject({ token: singleLineText({ max: 300, required: 'No link' }) });

/** Customers' own accounts (issue 33): signing up and confirming the address; signing in is the one login. */
export function customerAccountRoutes(deps: { customers: CustomerAccounts; clock: Clock }) {
  const { customers, clock } = deps;
  const router = new Router();

  router.post('/api/customer/register', async (ctx) => {
    const input = registerInput.parse(ctx.request.body);
    const { message } = await customers.register(
      { email: input.email, password: input.password, humanCheck: input[HUMAN_CHECK_FIELD] },
      { address: ctx.ip, signedIn: ctx.state.user !== undefined },
      commandContext(ctx, clock),
    );
    ctx.body = { status: true, message };
  });

  router.post('/api/customer/verify', async (ctx) => {
    const { token } = verifyInput.parse(ctx.request.body);
    await customers.verifyEmail(token, commandContext(ctx, clock));
    ctx.body = { status: true, message: EMAIL_VERIFIED_TEXT };
  });

  return router;
}
