import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { errorDetail, errorText } from '../../app/serverMessage';
import { logToServer } from '../../app/serverLog';
import { showDialog } from '../dialog/dialogSlice';
import type { Order } from '../order/order';
import { useTryToApplyVoucherMutation } from './voucherApi';
import { addedMessage, CHECK_FAILED, VOUCHER_DIALOG_MS, VOUCHER_PAUSE_MS, WAITING_FOR_CODE, WAITING_FOR_TYPING } from './voucherTexts';

/**
 * Spec §4 "Voucher" and §5: each change of the code says 'Waiting for you to stop typing...' and schedules a
 * check 1500 ms after the last one; an empty code checks nothing and clears the answer. The server decides;
 * its message becomes the answer. Applied: the box clears and the order (with its voucher) replaces the cached one.
 */
export function useVoucherCheck(order: Order) {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState(WAITING_FOR_CODE);
  const [tryToApply] = useTryToApplyVoucherMutation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The answer speaks of the voucher on the order: once it is removed, "has been added" would be untrue.
  const voucherCode = order.voucher?.code ?? null;
  const shownFor = useRef(voucherCode);
  useEffect(() => {
    if (shownFor.current !== null && voucherCode === null) setAnswer(WAITING_FOR_CODE);
    shownFor.current = voucherCode;
  }, [voucherCode]);

  async function check(typed: string) {
    try {
      const result = await tryToApply({ code: typed, email: order.email, orderId: order.id }).unwrap();
      setAnswer(result.message);
      if (result.status && result.voucherUse) {
        setCode('');
        dispatch(showDialog({ title: 'Voucher added', message: addedMessage(result.voucherUse.code), look: 'success', autoCloseMs: VOUCHER_DIALOG_MS }));
      } else {
        dispatch(showDialog({ title: 'NOT applied', message: result.message, look: 'error' }));
      }
    } catch (failure) {
      const text = errorText(failure);
      setAnswer(text);
      dispatch(showDialog({ title: 'ERROR', message: `${CHECK_FAILED}: ${text}`, look: 'error' }));
      logToServer(dispatch, { level: 'error', message: 'voucher check failed', error: errorDetail(failure) });
    }
  }

  function change(next: string) {
    setCode(next);
    clearTimeout(timer.current);
    if (next.trim() === '') {
      setAnswer('');
      return;
    }
    setAnswer(WAITING_FOR_TYPING);
    timer.current = setTimeout(() => void check(next.trim()), VOUCHER_PAUSE_MS);
  }

  return { code, answer, change, clear: () => change('') };
}
