import { telHref } from '../../../../src/shared/contact';
import { useShopSettings } from '../settings/useShopSettings';
import { DEMO_LOGO } from './brandImages';
import { shiftsText } from './dayHours';
import { useOpeningWeekQuery } from './openingWeekApi';
import './BrandHeader.css';

/**
 * Issue 32 item 4: the top of the menu, the restaurant's own: logo, name, tagline, today's hours and a tel:
 * phone, in a few lines, so the first screen on a phone is still mostly dishes. Its height is fixed from the
 * first paint (BrandHeader.css), so the settings and the hours arriving move nothing.
 */
export function BrandHeader() {
  const { siteName, tagline, logo, phone } = useShopSettings();
  const { data: week } = useOpeningWeekQuery();
  const today = week?.days.find((day) => day.date === week.today);

  return (
    <div className="brand-header" data-testid="brand-header">
      <img src={logo ?? DEMO_LOGO} alt="" width={56} height={56} className="brand-header-logo" />
      <div className="brand-header-text">
        <p className="brand-header-name mb-0">{siteName ?? ''}</p>
        {tagline && <p className="brand-header-tagline mb-0 small">{tagline}</p>}
        <p className="mb-0 small brand-header-facts">
          <span data-testid="brand-today">
            Today: {today ? shiftsText(today.shifts) : '…'}
            {today?.special ? ` (${today.special})` : ''}
          </span>
          {phone && (
            <>
              {' · '}
              <a href={telHref(phone)}>{phone}</a>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
