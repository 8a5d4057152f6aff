import Button from 'react-bootstrap/Button';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectHiddenCategoryIds, toggleCategory } from './categoryFilterSlice';
import type { Category } from './menuApi';

/**
 * Spec §2 "category filter": one toggle button per category with a checked or unchecked box.
 * `onToggled` lets a page react, e.g. the single product page goes back to the filtered menu.
 */
export function CategoryFilter({ categories, onToggled }: { categories: Category[]; onToggled?: () => void }) {
  const hiddenCategoryIds = useAppSelector(selectHiddenCategoryIds);
  const dispatch = useAppDispatch();

  return (
    <div role="group" aria-label="Show or hide categories" className="d-flex flex-wrap gap-2 mb-3" data-testid="category-filter">
      {categories.map((category) => {
        const shown = !hiddenCategoryIds.includes(category.id);
        return (
          <Button
            key={category.id}
            variant={shown ? 'secondary' : 'outline-secondary'}
            size="sm"
            aria-pressed={shown}
            onClick={() => {
              dispatch(toggleCategory(category.id));
              onToggled?.();
            }}
            data-testid="category-toggle"
            data-category-id={category.id}
          >
            <span aria-hidden="true">{shown ? '☑' : '☐'}</span> {category.name}
          </Button>
        );
      })}
    </div>
  );
}
