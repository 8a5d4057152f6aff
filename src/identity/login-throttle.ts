import { DomainError } from '../core/errors';
import { refuseWhenOver, type Limits } from '../limits';
import type { HumanCheck } from '../human-check';
import { HUMAN_CHECK_REQUIRED } from '../shared/login-texts';

/**
 * Login throttling that an attacker cannot turn against an account's owner (issue 13, OWASP's credential
 * stuffing and account lockout guidance). Nothing ever locks an account: failures per account and address
 * (or per known device) ask for a human check after a few, as do many failures from one address across
 * accounts or for one account across addresses; a device that logged in before is only held to its own
 * failures. The one hard refusal, ASVS's cap of 100 attempts an hour, is per account and address too.
 */
export function createLoginThrottle(deps: { limits: Limits; humanCheck: HumanCheck; now: () => Date }) {
  const { limits } = deps;
  return {
    /**
     * Counts this attempt as a failure before the password is checked, so guesses sent all at once cannot all
     * pass the check before any is counted; a successful login takes them back (`succeeded`).
     */
    async beginAttempt(attempt: { account: string; address: string; device?: string; humanCheck?: unknown }): Promise<void> {
      const now = deps.now();
      const { account, address, device } = attempt;
      refuseWhenOver(await limits.take('login_attempts', `${account} ${device ? `device ${device}` : address}`, now), 'login attempts');
      const allowed = { allowed: true } as const;
      const [own, byAddress, byAccount] = await Promise.all([
        limits.take('login_failures', failureKey(attempt), now),
        device ? allowed : limits.take('login_address_failures', address, now),
        device ? allowed : limits.take('login_account_failures', account, now),
      ]);
      if (own.allowed && byAddress.allowed && byAccount.allowed) return;
      if (!(await deps.humanCheck.verify(attempt.humanCheck))) throw new DomainError('forbidden', HUMAN_CHECK_REQUIRED);
    },
    async succeeded(attempt: { account: string; address: string; device?: string }): Promise<void> {
      await Promise.all([limits.reset('login_failures', failureKey(attempt)), limits.reset('login_account_failures', attempt.account)]);
    },
  };
}

const failureKey = (attempt: { account: string; address: string; device?: string }) =>
  `${attempt.account} ${attempt.device ? `device ${attempt.device}` : attempt.address}`;
