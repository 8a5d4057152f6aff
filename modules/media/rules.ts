/** Where an image is shown: the dishes whose picture it is, and the content pages' parts that show it. */
export interface ImageUses {
  dishes: number;
  pageParts: number;
}

export const NO_USES: ImageUses = { dishes: 0, pageParts: 0 };

export const usesCount = (uses: ImageUses) => uses.dishes + uses.pageParts;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The one rule of deleting: an image a dish or a page shows stays, and the refusal says where it is shown.
 * Null when it may go.
 */
export function deleteRefusal(uses: ImageUses): string | null {
  if (usesCount(uses) === 0) return null;
  const where = [
    ...(uses.dishes > 0 ? [counted(uses.dishes, 'dish', 'dishes')] : []),
    ...(uses.pageParts > 0 ? [counted(uses.pageParts, 'part of a page', 'parts of pages')] : []),
  ].join(' and ');
  return `This image cannot be deleted while it is used by ${where}; take it off ${usesCount(uses) === 1 ? 'it' : 'them'} first`;
}
