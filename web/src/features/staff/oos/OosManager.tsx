import Spinner from 'react-bootstrap/Spinner';
import { useOosProductsQuery } from './oosApi';
import { OosTypeahead } from './OosTypeahead';
import { isLowStock } from './stockItems';
import { StockList } from './StockList';

/** Mount point `oos`: the out-of-stock manager. */
export function OosManager() {
  const { data: items, isLoading, isError, isFetching } = useOosProductsQuery();
  const outOfStock = items?.filter((item) => item.status === 'out-of-stock') ?? [];
  const low = items?.filter(isLowStock) ?? [];

  return (
    <section id="oos" aria-labelledby="oos-title">
      <h1 id="oos-title" className="h3">
        Out of stock
      </h1>
      <p role="status" data-testid="oos-status">
        {isLoading && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {isLoading
          ? 'Loading products…'
          : isError
            ? 'ERROR fetching oosProducts'
            : `${items?.length ?? 0} products and variants: ${outOfStock.length} out of stock, ${low.length} low${isFetching ? ' (updating…)' : ''}`}
      </p>
      {items && (
        <>
          <OosTypeahead items={items} />
          <StockList title="Low stock (<5)" items={low} testId="low-stock-list" />
          <StockList title="Out-of-stock" items={outOfStock} testId="oos-list" />
        </>
      )}
    </section>
  );
}
