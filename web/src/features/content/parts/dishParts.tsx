import type { ReactNode } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { useHydrated } from '../../../app/useHydrated';
import { useMeQuery } from '../../auth/authApi';
import { selectHiddenCategoryIds } from '../../menu/categoryFilterSlice';
import { useGetMenuQuery, type Menu, type Product } from '../../menu/menuApi';
import { hasRole } from '../../staff/roles';
import { useContentPageQuery } from '../contentApi';

/** What admins read where a dish part shows visitors nothing (no dish chosen yet, or its dish left the menu). */
export const DISH_PART_NOTES = {
  noDish: 'No dish chosen yet: visitors see nothing here until one is chosen in Settings.',
  noDishes: 'No dishes chosen yet: visitors see nothing here until they are chosen in Settings.',
  offMenu: (productId: number) => `Dish ${productId} is no longer on the menu (taken off, or its category hidden): visitors see nothing here.`,
} as const;

/** A plain note for admins only; visitors see nothing. */
export function AdminNote({ children }: { children: ReactNode }) {
  const { data: user } = useMeQuery();
  if (!hasRole(user?.role, 'admin')) return null;
  return (
    <p className="text-body-secondary small mb-0" data-testid="dish-part-note">
      {children}
    </p>
  );
}

/** The dish on the customers' menu (the menu answer leaves out archived dishes and hidden categories), if it is. */
export const dishOnMenu = (menu: Menu, productId: number): Product | undefined => menu.products.find((product) => product.id === productId);

/**
 * A part showing one dish (its picture, its button, its details): the dish as the menu has it now, or an admin's
 * note. When the page holds a category filter, the visitor's toggles hide the part with its dish's category
 * (customer spec §2: the filter hides or shows product summary items by category); on a page without one, a
 * filter toggled on the menu hides nothing here.
 */
export function DishPart({ slug, productId, children }: { slug: string; productId: number | null; children: (dish: Product) => ReactNode }) {
  const { data: menu } = useGetMenuQuery();
  const { data: page } = useContentPageQuery(slug);
  const hiddenCategoryIds = useAppSelector(selectHiddenCategoryIds);
  const hydrated = useHydrated();
  if (productId === null) return <AdminNote>{DISH_PART_NOTES.noDish}</AdminNote>;
  if (!menu) return null;
  const dish = dishOnMenu(menu, productId);
  if (!dish) return <AdminNote>{DISH_PART_NOTES.offMenu(productId)}</AdminNote>;
  const filtered = page?.parts.some((part) => part.kind === 'category-filter') ?? false;
  if (filtered && hiddenCategoryIds.includes(dish.category_id)) return null;
  return (
    // Busy while the server's markup is not yet the browser's: its buttons then do nothing.
    <div data-testid="dish-part" data-product-id={dish.id} data-category-id={dish.category_id} aria-busy={!hydrated}>
      {children(dish)}
    </div>
  );
}
