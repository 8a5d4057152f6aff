import { useCanPayQuery } from '../order/orderApi';
import { useRedirectHomeAfter } from './useRedirectHomeAfter';

/** Spec §6: whether paying is allowed (the can_pay flag); when it is not, home after 5000 ms. Undefined while unknown. */
export function useCanPay(enabled: boolean): boolean | undefined {
  const { data: canPay, isError } = useCanPayQuery(undefined, { skip: !enabled, refetchOnMountOrArgChange: true });
  useRedirectHomeAfter(enabled && canPay === false);
  // Not knowing is no reason to block: saving the order asks the server again.
  return isError ? true : canPay;
}
