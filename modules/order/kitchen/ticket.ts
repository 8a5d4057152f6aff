import { ALLERGEN_TEXTS, allergenNote, type AllergenFacts } from '../../../src/shared/allergens';
import { escapeHtml } from '../../../src/shared/escape-html';
import { formatPence } from '../../../src/shared/money';
import { ticketTimeLine } from '../../../src/shared/order-time';
import { londonTime } from '../../../src/shared/london-time';
import { REFUND_STANDING_TEXT, type KitchenOrder } from '../../../src/shared/order';

export interface TicketOptions {
  siteName: string;
  logo: string | null;
  /** Only these categories are printed; empty means all. */
  categories: string[];
  categoryOf: (productId: number) => string | undefined;
  /** What is known of each dish's allergens as the catalogue holds them when printed (null: no longer on the menu). */
  allergensOf: (productId: number, variantId: number | null) => AllergenFacts | null;
  /** This ticket is a reprint (see ticketIsDuplicate). */
  duplicate: boolean;
}

/**
 * Which copy of its ticket a page shows: the one named (a printed copy, 1 being the first), or else the copy the
 * next print would make. Only a copy after the first says DUPLICATE.
 */
export function ticketCopy(printedCopies: number, askedCopy: number | undefined): number {
  return askedCopy ?? printedCopies + 1;
}

export const ticketIsDuplicate = (copy: number): boolean => copy > 1;

interface TicketLine {
  text: string;
  bold?: boolean;
  big?: boolean;
  centre?: boolean;
  /** Inside a ruled box (the customer's allergies): a run of boxed lines is one box. */
  boxed?: boolean;
}

/** The customer's 'Allergies or dietary needs', first on the ticket so the kitchen reads it before the dishes. */
function allergyBox(info: string): TicketLine[] {
  if (info.trim() === '') return [];
  return [
    { text: ALLERGEN_TEXTS.allergyFieldLabel.toUpperCase(), bold: true, boxed: true },
    ...info.split('\n').map((text) => ({ text, bold: true, boxed: true })),
    { text: '' },
  ];
}

/** A line's allergens, in bold when they were never declared; a virtual item (a donation) has none. */
function allergenLine(item: KitchenOrder['order_items'][number], options: TicketOptions): TicketLine[] {
  if (item.virtual) return [];
  const note = allergenNote(options.allergensOf(item.product_id, item.variant_id));
  return [{ text: `  ${note.text}`, bold: note.emphasis }];
}

/** The kitchen ticket as lines: one source for the HTML preview and the Bluetooth printer data. */
export function ticketLines(order: KitchenOrder, options: TicketOptions): TicketLine[] {
  const wanted = (productId: number) =>
    options.categories.length === 0 || options.categories.includes(options.categoryOf(productId) ?? '');
  const items = order.order_items.filter((item) => wanted(item.product_id));
  const method = order.ta_method === 'DELIVER' ? 'DELIVERY' : 'COLLECTION';
  return [
    { text: options.siteName, bold: true, centre: true },
    ...(options.duplicate ? [{ text: '*** DUPLICATE ***', bold: true, big: true, centre: true }] : []),
    { text: `Order ${order.ref}`, bold: true, big: true, centre: true },
    // An order for later (issue 37): its slot and day, as big as the order's number.
    ...(order.scheduled_for ? [{ text: ticketTimeLine(order.scheduled_for), bold: true, big: true, centre: true }] : []),
    { text: `${method}  ${order.payment_method === 'PHONE' ? 'PAY BY PHONE' : order.payment_method ?? ''}`.trim(), bold: true, centre: true },
    { text: `Received ${order.updated_at ? londonTime(order.updated_at) : ''}${order.due_by ? `  Due ${londonTime(order.due_by)}` : ''}` },
    { text: '' },
    ...allergyBox(order.allergy_info),
    ...items.flatMap((item) => [{ text: `${item.quantity} x ${item.name}`, bold: true }, ...allergenLine(item, options)]),
    ...(order.extra_info ? [{ text: '' }, { text: `Note: ${order.extra_info}` }] : []),
    { text: '' },
    ...(order.voucher_code && order.voucher_deduction > 0 ? [{ text: `Voucher ${order.voucher_code} ${formatPence(-order.voucher_deduction)}` }] : []),
    { text: `Total ${formatPence(order.total_cost)}`, bold: true },
    ...(order.refund_standing !== 'NONE' ? [{ text: `${REFUND_STANDING_TEXT[order.refund_standing]} ${formatPence(order.refunded)}`, bold: true }] : []),
    { text: order.full_name },
    { text: order.phone_number },
    ...(order.ta_method === 'DELIVER'
      ? [order.address_1, order.address_2, order.address_3, order.town_city, order.postcode, order.delivery_info].filter(Boolean).map((text) => ({ text }))
      : []),
  ];
}

/** An 80 mm ticket page, printable from any browser. Every value is escaped; nothing runs on it. */
export function ticketHtml(order: KitchenOrder, options: TicketOptions): string {
  const lines = ticketLines(order, options);
  const body = lines
    .map((line, index) => {
      const classes = [line.bold && 'b', line.big && 'big', line.centre && 'c'].filter(Boolean).join(' ');
      const paragraph = `<p${classes ? ` class="${classes}"` : ''}>${escapeHtml(line.text) || '&nbsp;'}</p>`;
      const opens = line.boxed && !lines[index - 1]?.boxed ? '<div class="box">' : '';
      const closes = line.boxed && !lines[index + 1]?.boxed ? '</div>' : '';
      return `${opens}${paragraph}${closes}`;
    })
    .join('\n');
  const logo = options.logo ? `<img src="${escapeHtml(options.logo)}" alt="" class="logo">` : '';
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Order ${escapeHtml(order.ref)}</title>
<link rel="stylesheet" href="/ticket.css"></head>
<body><main class="ticket">${logo}
${body}
</main></body></html>`;
}

/** The printer has no borders: a box is ruled above and below with a line of its own. */
const RULE = '*'.repeat(32);

function withRules(lines: TicketLine[]): TicketLine[] {
  return lines.flatMap((line, index) => {
    if (!line.boxed) return [line];
    const before = lines[index - 1]?.boxed ? [] : [{ text: RULE, bold: true }];
    const after = lines[index + 1]?.boxed ? [] : [{ text: RULE, bold: true }];
    return [...before, line, ...after];
  });
}

/** Print data for an Android Bluetooth thermal-printer app: one entry per line (type 0 = text). */
export function ticketPrintData(order: KitchenOrder, options: TicketOptions) {
  return withRules(ticketLines(order, options)).map((line) => ({
    type: 0,
    content: line.text,
    bold: line.bold ? 1 : 0,
    align: line.centre ? 1 : 0,
    format: line.big ? 2 : 0,
  }));
}
