import { useDeferredValue } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { BrandHeader } from '../features/brand/BrandHeader';
import { BasketBar } from '../features/cart/BasketBar';
import { CartSummaryPanel } from '../features/cart/CartSummaryPanel';
import { AllergenFilter } from '../features/menu/AllergenFilter';
import { CategoryBar } from '../features/menu/CategoryBar';
import { MenuByCategory } from '../features/menu/MenuByCategory';
import { MenuLoadState } from '../features/menu/MenuLoadState';
import { useGetMenuQuery, type Menu } from '../features/menu/menuApi';

export function HomePage() {
  const menuQuery = useGetMenuQuery();
  // The menu renders as a transition, which React splits into short slices: rendered with the answer's arrival
  // its thirty-odd cards were one long task, half a second of a phone's main thread (issue 18). The first render
  // (the server's, the browser's hydrating it, or the menu's first arrival) shows the first screen's cards (the
  // largest paint is among them), and the rest follow; a later change shows the menu as it was until the
  // transition is done. The server's work for a page is so bounded by a screen, whatever the menu's size.
  const renderedMenu = useDeferredValue<Menu | null | undefined>(menuQuery.data, null);
  const menu = renderedMenu ?? menuQuery.data;
  const settled = renderedMenu !== null && renderedMenu !== undefined;

  return (
    <section data-testid="home" className="has-basket-bar">
      <BrandHeader />
      {/* On a phone the category bar says it is the menu; the heading stays for screen readers. */}
      <h1 className="h4 mb-2 menu-heading">Menu</h1>
      <Row>
        <Col xs={12} md={8} lg={9}>
          <MenuLoadState query={menuQuery} />
          {menu && (
            <>
              <CategoryBar categories={menu.categories} settled={settled} />
              <AllergenFilter menu={menu} />
              <MenuByCategory menu={menu} firstScreenOnly={!settled} />
            </>
          )}
        </Col>
        {/* After the menu: below it on a phone (the basket bar shows the total meanwhile), beside it and
            sticking in view from 768 px. It comes with the whole menu (after its first screen's dishes), so the
            menu's arrival never pushes it down. */}
        {settled && (
          <Col xs={12} md={4} lg={3}>
            <div className="basket-panel">
              <CartSummaryPanel />
            </div>
          </Col>
        )}
      </Row>
      <BasketBar />
    </section>
  );
}
