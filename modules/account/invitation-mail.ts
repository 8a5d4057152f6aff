import type { Role } from '../../src/identity/roles';
import { PASSWORD_RULES } from '../../src/shared/account-texts';
import { londonDayLabel, londonTime } from '../../src/shared/london-time';

const ROLE_NAMES: Record<Role, string> = { customer: 'customer', staff: 'staff', manager: 'manager', admin: 'admin' };

/** The invitation mail: who invites to what, the link, until when, and the password rules. */
export function invitationMail(input: { link: string; role: Role; expiresAt: string; siteName: string }) {
  const until = `${londonDayLabel(input.expiresAt)} at ${londonTime(input.expiresAt)}, London time`;
  return {
    subject: `Your ${input.siteName} login`,
    text: [
      `You have been given a ${ROLE_NAMES[input.role]} login for ${input.siteName}.`,
      '',
      'Choose your password here (the link works once, until ' + until + '):',
      input.link,
      '',
      `Passwords: ${PASSWORD_RULES}`,
      '',
      'If you did not expect this mail, ignore it: nothing happens unless the link is used.',
    ].join('\n'),
  };
}
