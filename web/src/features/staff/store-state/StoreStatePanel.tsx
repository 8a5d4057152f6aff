import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { LIVE_KEYS_CHECK_FAILED, NO_LIVE_KEYS_PANEL } from '../../../../../src/shared/live-keys';
import { useOrdersChannelQuery } from '../orders/ordersChannelApi';
import { useLiveKeysQuery } from '../settings/liveKeysApi';
import { STORE_STATES, type StoreState } from '../../store-status/storeState';
import { useStoreChannelQuery, useStoreStatusQuery } from '../../store-status/storeStatusApi';
import { LiveConnectionNote } from './LiveConnectionNote';
import { OpenOutsideHoursModal } from './OpenOutsideHoursModal';
import { useLazyOpeningHoursNowQuery } from './storeStateApi';
import { useChangeStoreState } from './useChangeStoreState';

/**
 * Mount point `changeStoreStatus`: closed, open, busy or slammed, the current one highlighted. Staff spec §2: the
 * buttons show only while the live update keys are set (issue 30 item 1), else the spec's sentence says why not.
 */
export function StoreStatePanel() {
  const { data: keys, isError: keysUnknown } = useLiveKeysQuery();
  const { data: status } = useStoreStatusQuery();
  useStoreChannelQuery();
  const { data: orders } = useOrdersChannelQuery();
  const { changeTo, isChanging } = useChangeStoreState();
  const [hoursNow] = useLazyOpeningHoursNowQuery();
  const [confirming, setConfirming] = useState<{ state: StoreState; reason: string } | null>(null);

  // Opening a closed store outside the hours asks first (the server's canOpen says whether we are within them).
  const choose = async (state: StoreState) => {
    const opening = state !== 'closed' && status?.state === 'closed';
    const hours = opening ? await hoursNow().unwrap().catch(() => ({ status: false, message: '' })) : null;
    if (hours && !hours.status) return setConfirming({ state, reason: hours.message ?? '' });
    void changeTo(state);
  };

  return (
    <section id="changeStoreStatus" aria-labelledby="store-state-title" className="mb-3">
      <h2 id="store-state-title" className="h6 mb-1">
        Store status
      </h2>
      {keysUnknown && (
        <p className="text-danger fw-bold mb-1" role="alert" data-testid="live-keys-note">
          {LIVE_KEYS_CHECK_FAILED}
        </p>
      )}
      {keys && !keys.set ? (
        <p className="text-danger fw-bold mb-1" data-testid="live-keys-note">
          {NO_LIVE_KEYS_PANEL}
        </p>
      ) : (
        <ButtonGroup aria-label="Store status" className="mb-1">
          {STORE_STATES.map((state) => {
            const current = status?.state === state;
            return (
              <Button
                key={state}
                variant={current ? 'primary' : 'outline-primary'}
                aria-pressed={current}
                disabled={isChanging}
                onClick={() => void choose(state)}
                data-testid={`store-state-${state}`}
              >
                {state}
              </Button>
            );
          })}
        </ButtonGroup>
      )}
      <LiveConnectionNote connection={orders?.connection} />
      <OpenOutsideHoursModal
        show={confirming !== null}
        reason={confirming?.reason ?? ''}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void changeTo(confirming.state);
          setConfirming(null);
        }}
      />
    </section>
  );
}
