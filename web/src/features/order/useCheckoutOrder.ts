import { useEffect, useRef } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { useAppDispatch } from '../../app/hooks';
import { isServerAnswer } from '../../app/serverMessage';
import { ORDER_POLL_MS } from '../../app/timings';
import { showDialog } from '../dialog/dialogSlice';
import { isPlaced } from './order';
import { orderApi, useFetchOrderQuery } from './orderApi';

function isNoOrder(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  return error !== undefined && 'status' in error && error.status === 404;
}

/**
 * Spec §4 "Delivery form on the checkout page": the session's order, asked for every second until it is in
 * 'checkout' (or already placed, or there is none). A failure is told once, in the dialog. Not asked while
 * `enabled` is false (settings unknown, or the store closed).
 */
export function useCheckoutOrder(enabled: boolean) {
  const dispatch = useAppDispatch();
  const cached = orderApi.endpoints.fetchOrder.useQueryState(undefined);
  const settled = (cached.data && (cached.data.status === 'checkout' || isPlaced(cached.data))) || isNoOrder(cached.error);
  const query = useFetchOrderQuery(undefined, {
    skip: !enabled,
    pollingInterval: settled ? 0 : ORDER_POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  const told = useRef(false);

  useEffect(() => {
    // No order to check out is not a failure: the page says so and links to the basket.
    if (!query.isError || isNoOrder(query.error)) {
      told.current = false;
      return;
    }
    if (told.current) return;
    told.current = true;
    const message = isServerAnswer(query.error) ? 'There was a PROBLEM fetching the order' : 'there was an ERROR fetching the order';
    dispatch(showDialog({ title: 'Sorry', message, look: 'error' }));
  }, [query.isError, query.error, dispatch]);

  return {
    order: query.data,
    isLoading: query.isLoading,
    noOrder: isNoOrder(query.error),
    failed: query.isError,
  };
}
