import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { PAYPAL_UNAVAILABLE } from '../../../../../src/shared/payment-texts';

/** The part of PayPal's JavaScript SDK the shop uses: its buttons. */
interface PayPalSdk {
  Buttons(options: {
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void>;
    style?: Record<string, string>;
  }): { render(container: HTMLElement): Promise<void>; close(): Promise<void> };
}

declare global {
  interface Window {
    paypal?: PayPalSdk;
  }
}

let loading: Promise<PayPalSdk> | null = null;

/** PayPal's SDK, loaded once from PayPal (listed in the script inventory and allowed by the CSP by its origin). */
function loadPayPal(clientId: string): Promise<PayPalSdk> {
  if (window.paypal) return Promise.resolve(window.paypal);
  loading ??= new Promise<PayPalSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&currency=GBP&intent=capture&components=buttons`;
    script.onload = () => (window.paypal ? resolve(window.paypal) : reject(new Error('PayPal did not load')));
    script.onerror = () => {
      loading = null;
      reject(new Error('PayPal did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * PayPal's own buttons (issue 36): `createOrder` has the server make the PayPal order for the order's total;
 * `onApprove` hands the approved order's id back to the server, which captures it.
 */
export function PayPalButtons({ clientId, isPlacing, createOrder, onApprove }: {
  clientId: string;
  isPlacing: boolean;
  createOrder: () => Promise<string>;
  onApprove: (paypalOrderId: string) => Promise<void>;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const handlers = useRef({ createOrder, onApprove });
  useEffect(() => {
    handlers.current = { createOrder, onApprove };
  }, [createOrder, onApprove]);

  useEffect(() => {
    let buttons: ReturnType<PayPalSdk['Buttons']> | undefined;
    let gone = false;
    loadPayPal(clientId)
      .then((paypal) => {
        if (gone || !container.current) return;
        buttons = paypal.Buttons({
          createOrder: () => handlers.current.createOrder(),
          onApprove: (data) => handlers.current.onApprove(data.orderID),
          style: { label: 'pay', layout: 'vertical' },
        });
        return buttons.render(container.current);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      void buttons?.close().catch(() => undefined);
    };
  }, [clientId]);

  if (failed) return <Alert variant="info" className="mb-0">{PAYPAL_UNAVAILABLE}</Alert>;
  return <div ref={container} aria-busy={isPlacing} data-testid="paypal-buttons" />;
}
