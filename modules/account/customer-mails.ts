import { londonDate, londonTime } from '../../src/shared/london-time';

const until = (expiresAt: string) => `${londonTime(expiresAt)} on ${londonDate(expiresAt).split('-').reverse().join('/')}`;

/** The mail with the link that confirms a new customer's address. */
export function verificationMail(input: { link: string; expiresAt: string; siteName: string }) {
  return {
    subject: `Confirm your email address for ${input.siteName}`,
    text: [
      `Thank you for signing up at ${input.siteName}.`,
      '',
      `Confirm your email address here (the link works once, until ${until(input.expiresAt)}):`,
      input.link,
      '',
      'Then sign in with your email address and the password you chose.',
      '',
      'If you did not sign up, ignore this mail: no account is opened unless the link is used.',
    ].join('\n'),
  };
}

/**
 * The mail to an address that already has an account, sent instead of a second account (whoever signed up is
 * answered as for a new address, so the page never tells whether an address has an account).
 */
export function alreadyRegisteredMail(input: { signInLink: string; siteName: string; waitingUntil: string | null }) {
  const what = input.waitingUntil
    ? [
        'This address already has an account waiting to be confirmed. Use the link in the first mail we sent',
        `(it works until ${until(input.waitingUntil)}); if you cannot find it, sign up again after then.`,
      ]
    : ['This address already has an account. If it was you, sign in here:', input.signInLink];
  return {
    subject: `Signing up at ${input.siteName}`,
    text: [
      `Someone, perhaps you, asked to sign up at ${input.siteName} with this email address.`,
      '',
      ...what,
      '',
      'If it was not you, ignore this mail: nothing has changed.',
    ].join('\n'),
  };
}
