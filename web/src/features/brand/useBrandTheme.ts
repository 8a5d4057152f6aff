import { useEffect } from 'react';
import { brandTheme, DEFAULT_ACCENT } from '../../../../src/shared/brand';
import { useShopSettings } from '../settings/useShopSettings';
import { isStaffScreen } from '../staff/staffScreens';

/** Staff screens keep Bootstrap's own colours (their colour codes mean order states); every other page is the shop's. */
export const isStaffPath = (pathname: string) => pathname === '/login' || isStaffScreen(pathname);

/**
 * Puts the brand's theme on the page (issue 32): the accent's custom properties on the root element, which
 * brand.css turns into buttons, links and the header. Set through the DOM's style object, which the shop's
 * Content-Security-Policy (style-src 'self') allows where an inline style element would be refused.
 */
export function useBrandTheme(pathname: string): void {
  const { accentColour } = useShopSettings();
  const themed = !isStaffPath(pathname);
  useEffect(() => {
    const root = document.documentElement;
    const accent = accentColour ?? DEFAULT_ACCENT;
    // brand.css holds the default accent's values: setting them again would only restyle the whole page, a
    // phone's main thread busy for nothing just as the page starts.
    if (accent === DEFAULT_ACCENT && root.style.getPropertyValue('--brand-accent') === '') return;
    for (const [name, value] of Object.entries(brandTheme(accent))) root.style.setProperty(name, value);
  }, [accentColour]);
  useEffect(() => {
    document.body.classList.toggle('shop-themed', themed);
  }, [themed]);
}
