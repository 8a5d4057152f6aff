import { OosManager } from '../../features/staff/oos/OosManager';
import { RequireRole } from '../../features/staff/RequireRole';
import { StockSheet } from '../../features/staff/stock/StockSheet';

/** /takeaway-oos: take products and variants off the menu and back, set stock levels, restock, par levels. */
export function OutOfStockPage() {
  return (
    <RequireRole role="staff">
      <OosManager />
      <StockSheet />
    </RequireRole>
  );
}
