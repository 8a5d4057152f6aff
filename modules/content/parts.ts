import type { z } from 'zod';
import { DomainError } from '../../src/core/errors';
import type { PartKind } from '../../src/shared/content-pages';
import type { AddVariousSettings, DishPartSettings } from '../../src/shared/part-settings';
import { PART_SETTINGS } from './part-settings/schemas';

/** A part's settings as its kind allows them (defaults for what is left out), or a refusal naming the field. */
export function partProps(kind: PartKind, props: Record<string, unknown>): Record<string, unknown> {
  const parsed = (PART_SETTINGS[kind] as z.ZodType<Record<string, unknown>>).safeParse(props);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue.path.length > 0 ? `props.${issue.path.join('.')}` : 'props';
    throw new DomainError('invalid', `${where}: ${issue.message} (the settings of a ${kind} part)`);
  }
  return parsed.data;
}

const ONE_DISH_KINDS: readonly PartKind[] = ['product-image', 'add-to-cart', 'product-modal'];

/** The dishes a part's settings name (its one dish, or the dishes its button adds); none for the other kinds. */
export function dishesNamed(kind: PartKind, props: Record<string, unknown>): number[] {
  if (ONE_DISH_KINDS.includes(kind)) {
    const { productId } = partProps(kind, props) as unknown as DishPartSettings;
    return productId === null ? [] : [productId];
  }
  if (kind === 'add-various-to-cart') return (partProps(kind, props) as unknown as AddVariousSettings).productIds;
  return [];
}

/** A part may name only a dish of the customers' menu. */
export const notOnMenu = (productId: number) => new DomainError('invalid', `There is no dish ${productId} on the menu: choose one of the menu's dishes`);
