import { useAppDispatch } from '../../../app/hooks';
import { caughtMessage } from '../../../app/serverMessage';
import { showDialog } from '../../dialog/dialogSlice';
import type { LiveOrder } from './kitchenOrder';
import { usePrintKitchenOrderMutation } from './liveOrdersApi';
import { bluetoothPrintLink, printInWindow, printMethod } from './printing';

const PRINT_FAILED = 'there was an ERROR printing';

/** Prints a ticket the way this device can, telling the server first (NEW becomes PRINTED). */
export function usePrintOrder(order: LiveOrder) {
  const [sendPrinted, { isLoading }] = usePrintKitchenOrderMutation();
  const dispatch = useAppDispatch();
  const method = printMethod();

  const fail = (error?: unknown, hint = '') => {
    const detail = error === undefined ? hint : caughtMessage(error, '');
    dispatch(showDialog({ title: 'Error', message: detail ? `${PRINT_FAILED}\n${detail}` : PRINT_FAILED, look: 'error' }));
  };

  const print = async () => {
    if (method === 'bluetooth') {
      try {
        const { btPrintUrl } = await sendPrinted({ orderId: order.id, via: 'bluetooth' }).unwrap();
        window.location.href = bluetoothPrintLink(btPrintUrl);
      } catch (error) {
        fail(error);
      }
      return;
    }
    const popup = window.open('', '_blank');
    if (!popup) return fail(undefined, 'Allow pop-ups for this site to print tickets.');
    let ticketPath: string;
    try {
      ({ ticketPath } = await sendPrinted({ orderId: order.id, via: 'browser' }).unwrap());
    } catch (error) {
      popup.close();
      return fail(error);
    }
    await printInWindow(popup, ticketPath).catch(() => fail());
  };

  const markPrinted = async () => {
    try {
      await sendPrinted({ orderId: order.id, via: 'marked' }).unwrap();
    } catch (error) {
      fail(error);
    }
  };

  return { method, print, markPrinted, isPrinting: isLoading };
}
