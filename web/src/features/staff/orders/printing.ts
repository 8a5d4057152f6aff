/** How this device prints a kitchen ticket (staff spec §5, with browser printing added). */
export type PrintMethod = 'bluetooth' | 'browser' | 'none';

export function printMethod(): PrintMethod {
  if (navigator.userAgent.includes('Android')) return 'bluetooth';
  if (typeof window.print === 'function' && typeof window.open === 'function') return 'browser';
  return 'none';
}

export const previewPath = (orderId: string) => `/takeaway/${encodeURIComponent(orderId)}/preview`;

/**
 * The Android "Bluetooth Print" app fetches the print data from this address and prints it. It has no cookie, so
 * the path is the signed, short-lived one the server answered the print with.
 */
export const bluetoothPrintLink = (signedPath: string) => `my.bluetoothprint.scheme://${window.location.origin}${signedPath}`;

const PRINT_TIMEOUT_MS = 15_000;

/**
 * Loads the ticket page into a window opened earlier (inside the click, so no popup blocker stops it) and prints
 * it once loaded. The server's headers forbid framing the ticket page, so a hidden iframe cannot be used.
 */
export function printInWindow(popup: Window, path: string): Promise<void> {
  popup.location.href = path;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (popup.closed || Date.now() - started > PRINT_TIMEOUT_MS) {
        clearInterval(timer);
        reject(new Error('the ticket page did not load'));
        return;
      }
      if (!isLoaded(popup, path)) return;
      clearInterval(timer);
      popup.addEventListener('afterprint', () => popup.close());
      popup.focus();
      popup.print();
      resolve();
    }, 100);
  });
}

function isLoaded(popup: Window, path: string): boolean {
  try {
    return `${popup.location.pathname}${popup.location.search}` === path && popup.document.readyState === 'complete';
  } catch {
    return false; // between documents
  }
}
