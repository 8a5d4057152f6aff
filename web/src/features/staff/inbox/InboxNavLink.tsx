import { NavLink } from 'react-router';
import { useOrdersChannelQuery } from '../orders/ordersChannelApi';
import { useContactUnhandledQuery } from './inboxApi';

/** The staff header's link to the inbox, with how many messages wait, kept live over the staff channel (issue 34). */
export function InboxNavLink() {
  useOrdersChannelQuery();
  const { data: unhandled } = useContactUnhandledQuery();
  const waiting = unhandled ?? 0;
  return (
    <NavLink to="/takeaway-inbox" className="nav-link" data-testid="inbox-nav">
      Messages{' '}
      {waiting > 0 && (
        <span className="badge text-bg-warning" data-testid="inbox-unhandled">
          {waiting}
          <span className="visually-hidden"> waiting</span>
        </span>
      )}
    </NavLink>
  );
}
