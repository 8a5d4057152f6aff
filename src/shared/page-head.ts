import { IMAGE_PICKER_PATH } from './media';

/**
 * What each page of the web app is called, for the tab, search results and link previews. The server writes
 * it into the HTML it sends (crawlers run no JavaScript); the web app sets the same title as it navigates.
 */
export const PAGE_PATHS = {
  menu: '/',
  login: '/login',
  product: '/product/:id',
  cart: '/manageCart',
  checkout: '/checkout',
  orderComplete: '/order-complete',
  /** The order's status page, reached from the confirmation mail's signed link (issue 31). */
  orderStatus: '/order-status/:id',
  liveOrders: '/takeaway',
  outOfStock: '/takeaway-oos',
  staffSettings: '/takeaway-settings',
  staffAccounts: '/takeaway-staff',
  staffVouchers: '/takeaway-vouchers',
  menuEditor: '/takeaway-menu',
  account: '/account',
  invitation: '/invitation/:token',
  /** The contact form (issue 34); a footer links here. */
  contact: '/contact',
  /** The staff inbox of contact-form messages (issue 34). */
  staffInbox: '/takeaway-inbox',
  /** The restaurant's own pages (issue 32): its story and photo, and the accessibility statement. */
  about: '/about',
  accessibility: '/accessibility',
  /** The image picker popup (issue 39 item 4, staff spec §2), admins only; the editor opens it for itself. */
  imagePicker: IMAGE_PICKER_PATH,
  /** The restaurant's own pages, listed and made (issue 39, admins). */
  staffPages: '/takeaway-pages',
  /** An order's history (issue 40 item 1, managers): the search by reference and the order's timeline (`?order=<id>`). */
  orderHistory: '/takeaway-history',
  /** The event streams, read-only (issue 40 item 2, admins). */
  streams: '/takeaway-streams',
  /** API credentials (issue 41): each staff login's own tokens. */
  apiAccess: '/takeaway-api',
  /** The OAuth consent screen (issue 41 item 2), where a client sends a member of staff. */
  oauthAuthorize: '/oauth/authorize',
  /** Tonight at a glance: a trading day's figures (issue 40 item 6, managers). */
  nightReport: '/takeaway-night',
  /** A page the restaurant wrote itself (issue 39): any other one-word address. */
  content: '/:slug',
} as const;

/**
 * A content page's address after its slash (issue 39): 1 to 60 lower-case letters, digits or dashes. The
 * pattern is also the new-page form's `pattern` attribute, which browsers read with the `v` flag: there a
 * dash in a class must be escaped.
 */
export const PAGE_SLUG_PATTERN = '[a-z0-9\\-]{1,60}';
export const PAGE_SLUG = new RegExp(`^${PAGE_SLUG_PATTERN}$`);

export type PageName = keyof typeof PAGE_PATHS | 'notFound';

/** The page a path shows; a product page names its product id, which the caller still has to find. */
export function pageAt(pathname: string): { page: PageName; productId?: number; slug?: string } {
  const product = /^\/product\/([1-9]\d{0,8})$/.exec(pathname);
  if (product) return { page: 'product', productId: Number(product[1]) };
  if (/^\/invitation\/[^/]{1,300}$/.test(pathname)) return { page: 'invitation' };
  if (/^\/order-status\/[0-9a-f-]{36}$/i.test(pathname)) return { page: 'orderStatus' };
  if (/^\/admin\/elfinder\/popup\/[A-Za-z0-9_-]{1,64}$/.test(pathname)) return { page: 'imagePicker' };
  const page = (Object.keys(PAGE_PATHS) as Array<keyof typeof PAGE_PATHS>).find((name) => !PAGE_PATHS[name].includes(':') && PAGE_PATHS[name] === pathname);
  if (page) return { page };
  // Whether a page is there is the content pages' to say (the caller asks); the address's shape is the rule's.
  const slug = pathname.slice(1);
  return PAGE_SLUG.test(slug) ? { page: 'content', slug } : { page: 'notFound' };
}

const HEADINGS: Record<Exclude<PageName, 'product'>, string> = {
  menu: 'Menu',
  login: 'Sign in',
  cart: 'Your Cart',
  checkout: 'Checkout',
  orderComplete: 'Order complete',
  orderStatus: 'Your order',
  liveOrders: 'Live orders',
  outOfStock: 'Out of stock',
  staffSettings: 'Takeaway settings',
  staffAccounts: 'Staff logins',
  staffVouchers: 'Vouchers',
  menuEditor: 'Menu editor',
  account: 'Your login',
  invitation: 'Choose your password',
  contact: 'Contact us',
  staffInbox: 'Messages',
  about: 'About us',
  accessibility: 'Accessibility statement',
  imagePicker: 'Image library',
  staffPages: 'Pages',
  orderHistory: 'Order history',
  streams: 'Event streams',
  apiAccess: 'API access',
  oauthAuthorize: 'Authorization request',
  nightReport: 'Tonight at a glance',
  content: 'Page',
  notFound: 'Page not found',
};

/** A content page's own title and description (issue 39). */
export interface HeadContent {
  title: string;
  description: string;
}

/** A product page's subject; other pages need none. */
export interface HeadProduct {
  name: string;
  short_desc: string;
}

export interface PageHead {
  title: string;
  description: string;
  /** Staff and one-customer pages are not for search results. */
  indexable: boolean;
}

export function pageHead(page: PageName, siteName: string, product?: HeadProduct, content?: HeadContent): PageHead {
  if (page === 'content' && content) {
    return {
      title: `${content.title} – ${siteName}`,
      description: content.description.trim() || `${content.title} at ${siteName}, the takeaway you can order from online.`,
      indexable: true,
    };
  }
  if (page === 'product' && product) {
    return {
      title: `${product.name} – ${siteName}`,
      description: product.short_desc.trim() || `${product.name}, cooked to order at ${siteName}. Collect it or have it delivered.`,
      indexable: true,
    };
  }
  const heading = HEADINGS[page === 'product' ? 'notFound' : page];
  return {
    title: `${heading} – ${siteName}`,
    description:
      page === 'menu'
        ? `Order takeaway online from ${siteName}: browse the menu, then collect your order or have it delivered.`
        : `${heading} at ${siteName}, the takeaway you can order from online.`,
    indexable: page === 'menu' || page === 'product' || page === 'contact' || page === 'about' || page === 'content',
  };
}
