/** The `tel:` address of a number as the shop writes it ('0113 496 0000'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
