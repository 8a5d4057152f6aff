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

/** The forgotten-password mail: a link that sets a new password once, within 30 minutes. */
export function resetMail(input: { link: string; expiresAt: string; siteName: string }) {
  return {
    subject: `Choose a new password for ${input.siteName}`,
    text: [
      `Someone, perhaps you, asked to choose a new password for your ${input.siteName} account.`,
      '',
      `Choose it here (the link works once, until ${until(input.expiresAt)}):`,
      input.link,
      '',
      'Using it signs out every device signed in to your account.',
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/** To a staff login's address that asked for a forgotten-password link: staff passwords are the admin's business. */
export function staffResetMail(input: { siteName: string }) {
  return {
    subject: `Your ${input.siteName} password`,
    text: [
      `Someone, perhaps you, asked to choose a new password for ${input.siteName} with this address.`,
      '',
      'This address has a staff login: ask your admin for a new invitation. Nothing has changed.',
    ].join('\n'),
  };
}

/** To the new address a customer gave: the link that moves the account to it. */
export function emailChangeMail(input: { link: string; expiresAt: string; siteName: string }) {
  return {
    subject: `Confirm your new email address for ${input.siteName}`,
    text: [
      `You asked to use this address for your ${input.siteName} account.`,
      '',
      `Confirm it here (the link works once, until ${until(input.expiresAt)}):`,
      input.link,
      '',
      'If you did not ask for this, ignore this mail: nothing changes unless the link is used.',
    ].join('\n'),
  };
}

/** To a new address that already has an account: the change cannot go there. */
export function emailTakenMail(input: { siteName: string }) {
  return {
    subject: `Your email address at ${input.siteName}`,
    text: [
      `Someone asked to move a ${input.siteName} account to this address, which already has an account of its own.`,
      '',
      'Nothing has changed. If it was you, sign in with this address instead.',
    ].join('\n'),
  };
}

/** To the old address once the account moved: so that a change the owner did not make does not go unseen. */
export function emailChangedMail(input: { newEmail: string; siteName: string }) {
  return {
    subject: `Your ${input.siteName} account's email address was changed`,
    text: [
      `Your ${input.siteName} account now uses the address ${input.newEmail}; mails about it go there from now on.`,
      '',
      'If you did not make this change, contact the shop at once.',
    ].join('\n'),
  };
}
