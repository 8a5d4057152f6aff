import { canBeAdded, hasVariants, type MenuProduct as Product, type MenuView as Menu } from '../../../../../src/shared/menu';

/** The button's words when an admin left them blank. */
export const ADD_SEVERAL_DEFAULT_LABEL = 'Add these dishes';

/** Why the add-several button leaves a dish out, in the words the visitor reads after it. */
export const LEFT_OUT_BECAUSE = {
  offMenu: 'no longer on the menu',
  choice: 'choose its size or spice on its own page',
  soldOut: 'none left',
} as const;

export interface AddSeveralPlan {
  /** The chosen dishes on the menu, in the chosen order: what the button lists. */
  listed: Product[];
  /** Those it adds now: one unit each. */
  adding: Product[];
  /** Those it leaves out, each with why. */
  leftOut: Array<{ name: string; why: string }>;
}

/**
 * What one press of an add-several button does (issue 39 item 1): one unit of each chosen dish that can be added
 * now, as its own add button would; a dish with variants needs a choice, and a sold-out one cannot be added, so
 * both are left out and named, the rest still added. A dish no longer on the menu is not listed at all.
 */
export function addSeveralPlan(menu: Menu, productIds: readonly number[]): AddSeveralPlan {
  const listed = productIds.flatMap((id) => menu.products.filter((product) => product.id === id));
  const adding: Product[] = [];
  const leftOut: AddSeveralPlan['leftOut'] = [];
  for (const dish of listed) {
    if (hasVariants(dish)) leftOut.push({ name: dish.name, why: LEFT_OUT_BECAUSE.choice });
    else if (!canBeAdded(dish)) leftOut.push({ name: dish.name, why: LEFT_OUT_BECAUSE.soldOut });
    else adding.push(dish);
  }
  return { listed, adding, leftOut };
}

/** The sentence after a press: how many were added, and which were not and why. */
export function addSeveralOutcome(added: number, leftOut: AddSeveralPlan['leftOut'], basket: string): string {
  const total = added + leftOut.length;
  const dishes = (count: number) => `${count} ${count === 1 ? 'dish' : 'dishes'}`;
  if (leftOut.length === 0) return `Added ${dishes(added)} to your ${basket}.`;
  const why = leftOut.map(({ name, why: reason }) => `${name} (${reason})`).join(', ');
  return `Added ${added} of ${dishes(total)} to your ${basket}. Not added: ${why}.`;
}
