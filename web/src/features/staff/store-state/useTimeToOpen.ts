import { useState } from 'react';
import { useStoreChannelQuery, useStoreStatusQuery } from '../../store-status/storeStatusApi';
import { useCanOpenStoreQuery } from './storeStateApi';

/**
 * Whether to ask staff to open the store: it is closed and the store clock has said it is time to open
 * (TakeawayOpenTime) since the store was last open or the question last dismissed. A store already closed when this
 * screen opens asks the server instead whether we are within opening hours. `known`: whether the answer is in yet
 * (the question that follows it waits until then, rather than showing first and being taken down).
 */
export function useTimeToOpen(): { due: boolean; known: boolean; dismiss: () => void } {
  const { data: status } = useStoreStatusQuery();
  const { data: channel } = useStoreChannelQuery();
  const calls = channel?.openTimeCalls ?? 0;
  // The count of calls already answered: by dismissing, or by the store being open.
  const [answered, setAnswered] = useState<number | null>(null);
  const closed = status?.state === 'closed';
  if (status && !closed && answered !== calls) setAnswered(calls);
  const { data: canOpen, isError: canOpenUnknown } = useCanOpenStoreQuery(undefined, { skip: !closed || answered !== null });

  const called = answered === null ? canOpen === true || calls > 0 : calls > answered;
  const known = status !== undefined && (!closed || answered !== null || calls > 0 || canOpen !== undefined || canOpenUnknown);
  return { due: closed && called, known, dismiss: () => setAnswered(calls) };
}
