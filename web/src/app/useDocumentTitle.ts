import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageAt, pageHead } from '../../../src/shared/page-head';
import { contentApi } from '../features/content/contentApi';
import { menuApi } from '../features/menu/menuApi';
import { useShopSettings } from '../features/settings/useShopSettings';

/** Keeps the tab's title the one the server wrote for the page, as the customer moves between pages. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { siteName } = useShopSettings();
  const { page, productId, slug } = pageAt(pathname);
  // Read from the cache only: the product page asks for the menu itself.
  const { data: menu } = menuApi.endpoints.getMenu.useQueryState(undefined, { skip: productId === undefined });
  const product = productId === undefined ? undefined : menu?.products.find((candidate) => candidate.id === productId);
  // A content page's title is its own (the page asks for it itself).
  const { data: content, isError: noContent } = contentApi.endpoints.contentPage.useQueryState(slug ?? '', { skip: slug === undefined });

  useEffect(() => {
    if (!siteName) return; // until the settings arrive, the server's title stands
    if (page === 'product' && !menu) return;
    if (page === 'content' && !content && !noContent) return;
    const found = page === 'product' ? product !== undefined : page !== 'content' || content !== undefined;
    document.title = pageHead(found ? page : 'notFound', siteName, product, content).title;
  }, [page, product, menu, siteName, content, noContent]);
}
