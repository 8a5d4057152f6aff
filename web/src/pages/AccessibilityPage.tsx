import { Link } from 'react-router';
import { telHref } from '../../../src/shared/contact';
import { useShopSettings } from '../features/settings/useShopSettings';

/** /accessibility (issue 32): what the shop aims for, what it knows falls short, and how to tell the restaurant. */
export function AccessibilityPage() {
  const { siteName, phone } = useShopSettings();
  const name = siteName ?? 'this restaurant';
  return (
    <article data-testid="accessibility-statement">
      <h1 className="h3">Accessibility statement</h1>
      <p>
        We want everyone to be able to order from {name}, whether you use a keyboard, a screen reader, a magnifier, voice control or a small phone. This shop aims to
        meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.
      </p>
      <h2 className="h5">What we do</h2>
      <ul>
        <li>Every page can be used with a keyboard alone, with a visible focus ring.</li>
        <li>Text and buttons keep a contrast of at least 4.5:1, whatever colour the restaurant chooses.</li>
        <li>Each addition to your basket is announced to screen readers.</li>
        <li>With reduced motion set on your device, the shop does not animate or scroll smoothly.</li>
        <li>Pages are checked with automated tests (axe) at phone and desktop widths.</li>
      </ul>
      <h2 className="h5">Reporting a problem</h2>
      <p>
        If something on this site is hard or impossible for you to use, please tell us: use the <Link to="/contact">contact form</Link>
        {phone && (
          <>
            {' '}
            or call us on <a href={telHref(phone)}>{phone}</a>
          </>
        )}
        . Say which page and what happened; we will reply and, while we fix it, take your order another way.
      </p>
      <p className="text-body-secondary small">This statement was prepared in November 2026.</p>
    </article>
  );
}
