import { Link } from 'react-router';
import { ALLERGEN_TEXTS } from '../../../../src/shared/allergens';
import { telHref } from '../../../../src/shared/contact';
import { useShopSettings } from '../settings/useShopSettings';
import { shiftsText, shortDate, weekdayOfDate } from './dayHours';
import { useOpeningWeekQuery } from './openingWeekApi';
import './SiteFooter.css';

/** Issue 32: the foot of every customer page: where the restaurant is, how to call it, when it opens, allergens. */
export function SiteFooter() {
  const { siteName, address, phone } = useShopSettings();
  const { data: week } = useOpeningWeekQuery();

  return (
    <div className="site-footer py-4 mt-4" data-testid="site-footer">
      <div className="container">
        <div className="row g-4">
          <section className="col-12 col-md-4" aria-labelledby="footer-find-us">
            <h2 id="footer-find-us" className="h6">
              {siteName ?? 'Find us'}
            </h2>
            {address && <address className="mb-2 footer-address">{address}</address>}
            {phone && (
              <p className="mb-0">
                Phone: <a href={telHref(phone)}>{phone}</a>
              </p>
            )}
          </section>
          <section className="col-12 col-md-4" aria-labelledby="footer-hours">
            <h2 id="footer-hours" className="h6">
              Opening hours this week
            </h2>
            {week && (
              <ul className="list-unstyled mb-0 footer-hours" data-testid="footer-hours">
                {week.days.map((day) => {
                  const today = day.date === week.today;
                  return (
                    <li key={day.date} className={today ? 'fw-bold footer-today' : undefined} aria-current={today ? 'date' : undefined} data-testid="footer-day" data-date={day.date}>
                      <span className="footer-day-name">
                        {today ? 'Today' : weekdayOfDate(day.date)}
                        {day.special !== null && ` (${shortDate(day.date)})`}
                      </span>{' '}
                      <span>{shiftsText(day.shifts)}</span>
                      {day.special && <span className="d-block small fw-normal">{day.special}</span>}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <section className="col-12 col-md-4" aria-labelledby="footer-allergens">
            <h2 id="footer-allergens" className="h6">
              Allergens
            </h2>
            <p className="small">{ALLERGEN_TEXTS.shopStatement}</p>
            <nav aria-label="About the restaurant">
              <ul className="list-inline mb-0">
                <li className="list-inline-item">
                  <Link to="/about">About us</Link>
                </li>
                <li className="list-inline-item">
                  <Link to="/contact">Contact us</Link>
                </li>
                <li className="list-inline-item">
                  <Link to="/account">Your account</Link>
                </li>
                <li className="list-inline-item">
                  <Link to="/accessibility">Accessibility</Link>
                </li>
              </ul>
            </nav>
          </section>
        </div>
      </div>
    </div>
  );
}
