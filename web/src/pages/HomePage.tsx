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
  // The menu's thirty-odd cards render as a transition, which React splits into short slices: rendered with the
  // answer's arrival they were one long task, half a second of a phone's main thread (issue 18).
  const menu = useDeferredValue(menuQuery.data);
  const rendering = menuQuery.data !== undefined && menu !== menuQuery.data && menu === undefined;

  return (
    <section data-testid="home">
      <h1 className="h3 mb-3">Menu</h1>
      <Row>
        {/* First in the page order, so it sits above the menu on narrow screens and beside it from 768 px. */}
        <Col xs={12} md={{ span: 4, order: 'last' }} lg={3}>
          <CartSummaryPanel />
        </Col>
        <Col xs={12} md={8} lg={9}>
          <MenuLoadState query={{ ...menuQuery, isLoading: menuQuery.isLoading || rendering }} />
          {menu && (
            <>
              <CategoryFilter categories={menu.categories} />
              <AllergenFilter />
              <MenuByCategory menu={menu} />
            </>
          )}
        </Col>
      </Row>
    </section>
  );
}
