import { useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useMediaQuery, WIDE_SCREEN } from '../../app/useMediaQuery';
import { CategoryFilter } from './CategoryFilter';
import { selectExcludedAllergens } from './allergenFilterSlice';
import { selectHiddenCategoryIds } from './categoryFilterSlice';
import type { Category } from './menuApi';
import './CategoryBar.css';

/** A section counts as "in view" once its top has passed this far below the bar. */
const IN_VIEW_MARGIN = '-80px 0px -60% 0px';

/**
 * Issue 32: the menu's sticky category bar. One link per shown category jumps to it (the page's anchor, so
 * Enter and a tap alike); the category in view is highlighted (aria-current) and kept visible in the bar,
 * which scrolls sideways. The spec's category filter toggles fold under the bar's last button, open from 768 px.
 */
export function CategoryBar({ categories, settled }: { categories: Category[]; settled: boolean }) {
  const hidden = useAppSelector(selectHiddenCategoryIds);
  const shown = categories.filter((category) => !hidden.includes(category.id));
  const current = useCategoryInView(shown.map((category) => category.id), settled);
  const wide = useMediaQuery(WIDE_SCREEN);
  const [filterOpen, setFilterOpen] = useState<boolean | null>(null);
  const barRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const link = barRef.current?.querySelector<HTMLElement>('[aria-current="true"]');
    const bar = barRef.current;
    if (!link || !bar) return;
    // Sideways only: the bar's own scroll, never the page's.
    bar.scrollTo({ left: link.offsetLeft - bar.clientWidth / 2 + link.clientWidth / 2, behavior: 'auto' });
  }, [current]);

  const open = filterOpen ?? wide;

  return (
    <>
      <nav className="category-bar" aria-label="Menu categories" data-testid="category-bar">
        <ul ref={barRef} className="category-bar-list list-unstyled mb-0">
          {shown.map((category) => (
            <li key={category.id}>
              <a
                href={`#category-${category.id}`}
                className={`category-bar-link ${current === category.id ? 'active' : ''}`}
                aria-current={current === category.id ? 'true' : undefined}
                data-testid="category-jump"
                data-category-id={category.id}
                onClick={(event) => {
                  event.preventDefault();
                  jumpTo(category.id);
                }}
              >
                {category.name}
              </a>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="category-bar-filter"
          aria-expanded={open}
          aria-controls="category-filter-panel"
          onClick={() => setFilterOpen(!open)}
          data-testid="category-filter-toggle"
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Show or hide categories</span>
        </button>
      </nav>
      {/* Until the customer toggles it, CSS decides (folded below 768 px): the server's first screen knows no
          width, and the panel opening once the script knows it would push the menu down. */}
      <div id="category-filter-panel" hidden={filterOpen === null ? undefined : !filterOpen} className={filterOpen === null ? 'd-none d-md-block' : undefined}>
        <CategoryFilter categories={categories} />
      </div>
    </>
  );
}

/** Scrolls to a category's section and moves the keyboard there too, as following a link would. */
function jumpTo(id: number): void {
  const section = document.getElementById(`category-${id}`)?.closest('section');
  if (!section) return;
  section.scrollIntoView({ block: 'start' });
  const heading = section.querySelector<HTMLElement>('h2');
  heading?.setAttribute('tabindex', '-1');
  heading?.focus({ preventScroll: true });
  history.replaceState(null, '', `#category-${id}`);
}

/**
 * The id of the category whose section is in view: the first one in the band below the bar. `settled`: the
 * whole menu is rendered (its first screen comes first), so every section can be watched.
 */
function useCategoryInView(ids: readonly number[], settled: boolean): number | null {
  const [current, setCurrent] = useState<number | null>(ids[0] ?? null);
  // Sections come and go with the allergen filter too: watched afresh whenever they may have.
  const excluded = useAppSelector(selectExcludedAllergens);
  const key = `${ids.join(',')} ${settled} ${excluded.join(',')}`;
  useEffect(() => {
    const sections = ids.map((id) => document.querySelector(`[data-testid="category-section"][data-category-id="${id}"]`)).filter((section) => section !== null);
    if (sections.length === 0) return undefined;
    const visible = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target);
          else visible.delete(entry.target);
        }
        const first = sections.find((section) => visible.has(section));
        if (first) setCurrent(Number((first as HTMLElement).dataset.categoryId));
      },
      { rootMargin: IN_VIEW_MARGIN },
    );
    for (const section of sections) observer.observe(section);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return current;
}
