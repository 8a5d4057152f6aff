// The one money formatter shared with the server: imported, never copied.
export { formatPence, formatPriceAdjustment } from '../../../src/shared/money';
