import { useState } from 'react';
import { useStoreChannelQuery, useStoreStatusQuery } from '../../store-status/storeStatusApi';
import { useCanOpenStoreQuery } from './storeStateApi';

/**
 * Whether to ask staff to open the store: it is closed and the store clock has said it is time to open
 * (TakeawayOpenTime) since the store was last open or the question last dismissed. A store already closed when this
 * screen opens asks the server instead whether we are within opening hours.
 */
export function useTimeToOpen(): { due: boolean; dismiss: () => void } {
  const { data: status } = useStoreStatusQuery();
  const { data: channel } = useStoreChannelQuery();
  const calls = channel?.openTimeCalls ?? 0;
  // The count of calls already answered: by dismissing, or by the store being open.
  const [answered, setAnswered] = useState<number | null>(null);
  const closed = status?.state === 'closed';
  if (status && !closed && answered !== calls) setAnswered(calls);
  const { data: canOpen } = useCanOpenStoreQuery(undefined, { skip: !closed || answered !== null });

  const called = answered === null ? canOpen === true || calls > 0 : calls > answered;
  return { due: closed && called, dismiss: () => setAnswered(calls) };
}
