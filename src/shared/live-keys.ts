/**
 * The live channel's keys (issue 30 item 1): the spec's Pusher keys (`PUSHER_APP_ID`, `PUSHER_APP_KEY`,
 * `PUSHER_APP_SECRET`) reinterpreted for this shop's own Server-Sent Events. The secret signs the tokens of
 * `/broadcasting/auth`. Server and web alike; no zod here, so the web bundle stays small.
 */
export interface LiveKeys {
  appId: string;
  key: string;
  secret: string;
}

/** What the settings screen is shown: never the secret, only its last four characters. */
export interface LiveKeysView {
  set: boolean;
  appId: string;
  key: string;
  /** '••••••••' and the secret's last four characters, or '' when none is set. */
  maskedSecret: string;
  /** True when LIVE_APP_ID, LIVE_APP_KEY and LIVE_APP_SECRET set them: then they change there, not on the screen. */
  fromEnvironment: boolean;
}

export const LIVE_SECRET_MIN_LENGTH = 32;
const KEY_TEXT = /^[A-Za-z0-9_-]+$/;

/** Staff spec §2's text, shown by the store-state panel instead of its buttons. */
export const NO_LIVE_KEYS_PANEL = 'Message keys have not been set - this store cannot be opened';
/** Staff spec §8: the dialog when opening is refused for want of keys. */
export const NO_LIVE_KEYS_DIALOG = 'Broadcasting Keys issue - not set => store cannot open';
/** Staff spec §8: the panel could not ask whether the keys are set. */
export const LIVE_KEYS_CHECK_FAILED = 'ERROR checking messaging status';
/** The server's refusal of an opening without keys, and its code for the web app. */
export const NO_LIVE_KEYS_REFUSAL = 'The store cannot be opened until the live update keys are set on the settings screen';
export const NO_LIVE_KEYS_CODE = 'live_keys_missing';

/** What is wrong with a set of keys, or null when they may be used: the server's rule, which the screen shows as you type. */
export function liveKeysProblem(keys: LiveKeys): string | null {
  if (!KEY_TEXT.test(keys.appId) || keys.appId.length > 40) return 'The app id must be 1 to 40 letters, digits, - or _';
  if (!KEY_TEXT.test(keys.key) || keys.key.length < 8 || keys.key.length > 100) return 'The key must be 8 to 100 letters, digits, - or _';
  if (!KEY_TEXT.test(keys.secret) || keys.secret.length < LIVE_SECRET_MIN_LENGTH || keys.secret.length > 200) {
    return `The secret must be ${LIVE_SECRET_MIN_LENGTH} to 200 letters, digits, - or _`;
  }
  return null;
}

export function maskSecret(secret: string): string {
  return secret === '' ? '' : `••••••••${secret.slice(-4)}`;
}
