import Alert from 'react-bootstrap/Alert';
import type { StoreState } from './storeState';
import { useStoreChannelQuery, useStoreStatusQuery } from './storeStatusApi';
import { useLeaveWhenClosed } from './useLeaveWhenClosed';
import './StoreStatusBanner.css';

const VARIANT_BY_STATE: Record<StoreState, string> = { closed: 'danger', open: 'success', busy: 'warning', slammed: 'warning' };

/** Said while the live channel is down; the channel tries again by itself (liveChannel.ts). */
export const CONNECTION_LOST = 'The connection to the shop was lost; trying again…';

/** Mount point `storeStatus`: the customer banner, live from `/events/store`. */
export function StoreStatusBanner() {
  const { data: status } = useStoreStatusQuery();
  const { data: channel } = useStoreChannelQuery();
  useLeaveWhenClosed(status?.state ?? null);

  return (
    <div id="storeStatus" className="store-status" role="status" aria-live="polite" data-testid="store-status" data-connection={channel?.connection}>
      {status && (
        <Alert
          variant={status.state ? VARIANT_BY_STATE[status.state] : 'secondary'}
          className="rounded-0 mb-0 py-2 text-center fw-semibold"
          data-state={status.state ?? undefined}
        >
          <span data-testid="store-status-text">{status.text}</span>
          {status.closingNotice && (
            <span className="d-block" data-testid="closing-notice">
              {status.closingNotice}
            </span>
          )}
        </Alert>
      )}
      {channel?.connection === 'lost' && (
        <p className="mb-0 py-1 text-center small bg-body-secondary text-body" data-testid="connection-lost">
          {CONNECTION_LOST}
        </p>
      )}
    </div>
  );
}
