import Button from 'react-bootstrap/Button';
import type { OrderSort, SortDirection, SortKey } from './sortOrders';

const ARROWS: Array<[SortDirection, string]> = [
  ['ascending', '▲'],
  ['descending', '▼'],
];

/** The two sort arrows of a column; an arrow acts only when its sort is not the current one. */
export function SortArrows({ sortKey, label, sort, onSort }: { sortKey: SortKey; label: string; sort: OrderSort; onSort: (sort: OrderSort) => void }) {
  return (
    <span className="ms-1 text-nowrap">
      {ARROWS.map(([direction, arrow]) => {
        const current = sort.key === sortKey && sort.direction === direction;
        return (
          <Button
            key={direction}
            variant="link"
            size="sm"
            className={`p-0 px-1 text-decoration-none ${current ? 'text-dark' : 'text-secondary'}`}
            aria-label={`Sort by ${label} ${direction}`}
            aria-pressed={current}
            data-testid={`sort-${sortKey}-${direction}`}
            onClick={() => {
              if (!current) onSort({ key: sortKey, direction });
            }}
          >
            <span aria-hidden="true">{arrow}</span>
          </Button>
        );
      })}
    </span>
  );
}
