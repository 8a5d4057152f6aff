import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMemo, type ReactNode, type Ref } from 'react';
import { useHydrated } from '../../app/useHydrated';
import { selectExcludedAllergens } from './allergenFilterSlice';
import { selectHiddenCategoryIds, showAllCategories } from './categoryFilterSlice';
import { withoutAllergens } from './withoutAllergens';
import type { Menu } from './menuApi';
import { firstShownDishes } from '../../../../src/shared/menu';
import { ProductCard } from './ProductCard';
import { useSquareProductImages } from './useSquareProductImages';

/** How many cards a wide screen shows before any scrolling (one row of three): their pictures load at once. */
const FIRST_SCREEN_PRODUCTS = 3;
/** How many cards the first render shows (the server's too): a phone's first screen (five or six), two rows wide. */
const FIRST_RENDER_PRODUCTS = 6;

/**
 * The menu, one section per category the filter leaves shown. `firstScreenOnly`: just the cards a first screen
 * shows (the page then renders the rest as a transition); the menu is marked busy meanwhile.
 */
export function MenuByCategory({ menu: fullMenu, firstScreenOnly = false }: { menu: Menu; firstScreenOnly?: boolean }) {
  const hiddenCategoryIds = useAppSelector(selectHiddenCategoryIds);
  const excludedAllergens = useAppSelector(selectExcludedAllergens);
  const menu = useMemo(() => withoutAllergens(fullMenu, excludedAllergens), [fullMenu, excludedAllergens]);
  const shownCategories = menu.categories.filter((category) => !hiddenCategoryIds.includes(category.id));
  const squareArea = useSquareProductImages<HTMLDivElement>();
  const dispatch = useAppDispatch();
  const nothingShown = !shownCategories.some((category) => menu.products.some((product) => product.category_id === category.id));
  const shownFirst = firstShownDishes(menu, FIRST_RENDER_PRODUCTS, hiddenCategoryIds).map((product) => product.id);
  const firstShown = new Set(shownFirst.slice(0, FIRST_SCREEN_PRODUCTS));
  const firstRendered = new Set(shownFirst);

  return (
    <BusyUntilHydrated {...squareArea} busy={firstScreenOnly}>
      {nothingShown && hiddenCategoryIds.length > 0 && (
        <Alert variant="info" data-testid="menu-all-hidden">
          Every category is hidden.{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => dispatch(showAllCategories())}>
            Show the whole menu
          </Button>
        </Alert>
      )}
      {shownCategories.map((category) => {
        const products = menu.products.filter((product) => product.category_id === category.id && (!firstScreenOnly || firstRendered.has(product.id)));
        if (products.length === 0) return null;
        const headingId = `category-${category.id}`;
        return (
          <section key={category.id} aria-labelledby={headingId} className="mb-4" data-testid="category-section" data-category-id={category.id}>
            <h2 id={headingId} className="h4">
              {category.name}
            </h2>
            <Row xs={1} md={2} lg={3} className="g-0 g-md-3">
              {products.map((product) => (
                <Col key={product.id}>
                  <ProductCard product={product} onFirstScreen={firstShown.has(product.id)} />
                </Col>
              ))}
            </Row>
          </section>
        );
      })}
    </BusyUntilHydrated>
  );
}

/**
 * The menu's element: busy while only its first screen is rendered, and while the server's markup is not yet
 * the browser's (its buttons then do nothing). Its own component, so that becoming hydrated re-renders this
 * element alone and not the dishes inside it.
 */
function BusyUntilHydrated({ busy, children, ...area }: { busy: boolean; children: ReactNode; ref: Ref<HTMLDivElement>; className: string | undefined; 'data-square-images': boolean | undefined }) {
  const hydrated = useHydrated();
  return (
    <div {...area} data-testid="menu" aria-busy={busy || !hydrated}>
      {children}
    </div>
  );
}
