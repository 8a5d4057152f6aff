import { z } from 'zod';
import { isEmailAddress } from './contact';
import { normaliseUkPhoneNumber, PHONE_INVALID } from './phone';

/**
 * The one text schema for every string a client sends (body, path and query), on the server and in the web
 * app (issue 13). Postgres refuses NUL and lone surrogates inside JSON, so such text must be stopped at the
 * door with a 400 naming the field, before it can fail an append; control characters break mail headers and
 * log lines; bidi overrides make a name read differently on a staff screen than it was typed.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_NEWLINE_AND_TAB = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Unicode's Bidi_Control: the marks (U+061C, U+200E, U+200F), embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069). */
const BIDI_CONTROL = /\p{Bidi_Control}/u;

export const TEXT_MESSAGES = {
  control: 'must not contain control characters',
  lineBreak: 'must be on one line',
  surrogate: 'contains a character that is not valid text',
  bidi: 'must not contain text-direction characters',
} as const;

export interface TextOptions {
  /** Longest accepted text, counted after trimming. */
  max: number;
  /** Shortest accepted text, counted after trimming; with `required`, the message for an empty one. */
  min?: number;
  required?: string;
  /** Keep surrounding spaces (a password); text is trimmed otherwise. */
  keepSpaces?: boolean;
  /** For a path or query parameter, parsed on its own: the field name the messages start with. */
  name?: string;
  /** Multi-line text shown to staff as someone typed it (a contact message): refuse bidi control too. */
  refuseBidi?: boolean;
}

const named = (options: TextOptions, message: string) => (options.name ? `${options.name}: ${message}` : message);

function text(options: TextOptions, rules: Array<{ test: RegExp; message: string }>) {
  const min = options.min ?? (options.required ? 1 : 0);
  let schema = z
    .string({ error: named(options, 'must be text') })
    .refine((value) => !LONE_SURROGATE.test(value), { message: named(options, TEXT_MESSAGES.surrogate), abort: true });
  for (const rule of rules) schema = schema.refine((value) => !rule.test.test(value), { message: named(options, rule.message), abort: true });
  return schema
    .transform((value) => (options.keepSpaces ? value : value.trim()))
    .pipe(
      z
        .string()
        .max(options.max, named(options, `can be at most ${options.max} characters`))
        .min(min, named(options, options.required ?? `needs at least ${min} characters`)),
    );
}

/**
 * One line of text: no control characters at all, so no CR or LF (a mail header, a log line, a ticket line), and
 * no bidi control either, which could make a name, an address or a code read otherwise on a staff screen than
 * it was typed (issue 28).
 */
export function singleLineText(options: TextOptions) {
  return text(options, [
    { test: /[\r\n]/, message: TEXT_MESSAGES.lineBreak },
    { test: CONTROL, message: TEXT_MESSAGES.control },
    { test: BIDI_CONTROL, message: TEXT_MESSAGES.bidi },
  ]);
}

/** Text over several lines: newline and tab allowed (a Windows line end becomes a newline), no other control. */
export function multiLineText(options: TextOptions) {
  return z
    .string({ error: named(options, 'must be text') })
    .transform((value) => value.replace(/\r\n/g, '\n'))
    .pipe(
      text(options, [
        { test: CONTROL_EXCEPT_NEWLINE_AND_TAB, message: TEXT_MESSAGES.control },
        ...(options.refuseBidi ? [{ test: BIDI_CONTROL, message: TEXT_MESSAGES.bidi }] : []),
      ]),
    );
}

/** An email address: one line, and the shop's one email rule (src/shared/contact.ts), which takes no markup. */
export function emailText(options: Omit<TextOptions, 'max'> & { max?: number } = {}) {
  return singleLineText({ max: 254, ...options }).refine(isEmailAddress, named(options as TextOptions, 'Not a valid email address'));
}

/** A phone number field: the shop's one UK phone rule (src/shared/phone.ts), then its national form. */
export function ukPhoneNumberText() {
  return singleLineText({ max: 30 }).transform((value, context) => {
    const normalised = normaliseUkPhoneNumber(value);
    if (normalised === null) {
      context.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return normalised;
  });
}
