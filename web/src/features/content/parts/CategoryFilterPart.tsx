import { CategoryFilter } from '../../menu/CategoryFilter';
import { useGetMenuQuery } from '../../menu/menuApi';

/**
 * The menu's category filter on a content page (customer spec §2): one toggle per category; toggling hides or
 * shows the page's dish parts of that category (dishParts.tsx). The toggles are the menu's own, so the menu
 * shows the same choice.
 */
export default function CategoryFilterPart() {
  const { data: menu } = useGetMenuQuery();
  if (!menu) return null;
  return <CategoryFilter categories={menu.categories} />;
}
