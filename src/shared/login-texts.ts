/** What the login answers when it wants a human check first; the web app solves one and tries again. */
export const HUMAN_CHECK_REQUIRED = 'Several logins failed: please confirm you are human, then log in again';
/** The field of the login body that carries the solved human check (ALTCHA's base64 payload). */
export const HUMAN_CHECK_FIELD = 'human_check';
