/** The code of the 403 a dangerous action answers when the password was not entered in the last 5 minutes. */
export const STEP_UP_REQUIRED = 'step_up_required';
export const STEP_UP_TEXT = 'Please enter your password again to do this';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** The password rules (NIST SP 800-63B: length, not composition), shown next to every password field. */
export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters (spaces count; a few words make a good one), at most ${PASSWORD_MAX_LENGTH}, and not your email address.`;

/** What is wrong with a new password, or null when it may be used. The browser checks with it as you type. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return 'Do not use your email address as your password';
  return null;
}

/** What a customer's account request answers when it wants a human check first; the web app solves one and tries again. */
export const ACCOUNT_CHECK_REQUIRED = 'Please confirm you are human, then try again';

/** The one answer to a sign-up, whether the address had an account or not (what differs goes by mail to its owner). */
export const REGISTERED_TEXT = 'Thank you: we have sent you a mail. Follow its link within 24 hours to confirm your address, then sign in.';

/** What following the mailed link answers. */
export const EMAIL_VERIFIED_TEXT = 'Your email address is confirmed: you can sign in now.';

/** The one answer to a forgotten password, whether the address has an account or not. */
export const RESET_SENT_TEXT = 'If this address has an account, we have sent it a link to choose a new password. It works for 30 minutes.';
export const PASSWORD_RESET_TEXT = 'Your new password is set, and every device signed in to your account was signed out: sign in with it now.';
/** The answer to a change of address, whether the new address has an account or not. */
export const EMAIL_CHANGE_SENT_TEXT = 'We have sent a link to the new address: follow it within 24 hours to use it for your account.';
export const EMAIL_CHANGED_TEXT = 'Your account uses its new email address from now on.';

/** After a customer closed their account: their details are gone, the shop's figures stay. */
export const ACCOUNT_CLOSED_TEXT = 'Your account is closed and your details are erased. Thank you for ordering with us.';
