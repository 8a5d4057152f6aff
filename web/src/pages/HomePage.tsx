import { useDeferredValue } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { CartSummaryPanel } from '../features/cart/CartSummaryPanel';
import { AllergenFilter } from '../features/menu/AllergenFilter';
import { CategoryFilter } from '../features/menu/CategoryFilter';
import { MenuByCategory } from '../features/menu/MenuByCategory';
import { MenuLoadState } from '../features/menu/MenuLoadState';
import { useGetMenuQuery } from '../features/menu/menuApi';

export function HomePage() {
  const menuQuery = useGetMenuQuery();
  // The menu renders as a transition, which React splits into short slices: rendered with the answer's arrival
  // its thirty-odd cards were one long task, half a second of a phone's main thread (issue 18). On its first
  // arrival the first screen's cards render at once meanwhile (the largest paint is among them); a later change
  // shows the menu as it was until the transition is done.
  const renderedMenu = useDeferredValue(menuQuery.data);
  const menu = renderedMenu ?? menuQuery.data;

  return (
    <section data-testid="home">
      <h1 className="h3 mb-3">Menu</h1>
      <Row>
        {/* First in the page order, so it sits above the menu on narrow screens and beside it from 768 px. */}
        <Col xs={12} md={{ span: 4, order: 'last' }} lg={3}>
          <CartSummaryPanel />
        </Col>
        <Col xs={12} md={8} lg={9}>
          <MenuLoadState query={menuQuery} />
          {menu && (
            <>
              <CategoryFilter categories={menu.categories} />
              <AllergenFilter menu={menu} />
              <MenuByCategory menu={menu} firstScreenOnly={renderedMenu === undefined} />
            </>
          )}
        </Col>
      </Row>
    </section>
  );
}
