import { useOrdersChannelQuery } from '../orders/ordersChannelApi';
import type { LiveConnection } from '../../store-status/liveChannel';
import { useStoreChannelQuery } from '../../store-status/storeStatusApi';
import { SettingsSection } from './SettingsSection';

const DESCRIBE: Record<LiveConnection, string> = { connecting: 'connecting…', connected: 'connected', lost: 'NOT connected' };

/** In place of the Pusher keys: live updates come from this server, so there are no keys, only a connection. */
export function LiveChannelSection() {
  const { data: orders } = useOrdersChannelQuery();
  const { data: store } = useStoreChannelQuery();
  return (
    <SettingsSection id="live-channels" title="Live channel status">
      <ul className="mb-0" data-testid="live-channel-status">
        <li>Staff orders channel: {DESCRIBE[orders?.connection ?? 'connecting']}</li>
        <li>Customer store channel: {DESCRIBE[store?.connection ?? 'connecting']}</li>
      </ul>
    </SettingsSection>
  );
}
