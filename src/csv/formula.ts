/**
 * Spreadsheets run a text cell that starts with one of these as a formula (CSV injection). OWASP's list: the four
 * signs, plus tab and carriage return, which some spreadsheets skip before looking for one.
 */
const TRIGGER = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/**
 * A leading apostrophe makes a spreadsheet show the cell as text. Text already made of apostrophes before a
 * trigger gets one more too, so that `restoreText` can tell the two apart and every text reads back exactly.
 */
export function neutraliseText(text: string): string {
  return TRIGGER.test(text) ? `'${text}` : text;
}

/** The inverse of `neutraliseText`: any other apostrophe (`'Tis`) is the text's own and stays. */
export function restoreText(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}
