import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';

/**
 * One card of the API page (staff spec §2): its title and optional create button, then the sentence for none or
 * the table of credentials, whose last column holds each row's buttons. `children` are the card's modals.
 */
export function CredentialsCard<T>(props: {
  testId: string;
  title: string;
  create?: { label: string; onClick: () => void };
  /** Said when there are none; undefined while they load. */
  empty?: string;
  items: readonly T[] | undefined;
  /** The table's name for screen readers. */
  label: string;
  columns: readonly string[];
  row: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  const { items } = props;
  return (
    <Card className="mb-4" data-testid={props.testId}>
      <Card.Header className={props.create ? 'd-flex justify-content-between align-items-center' : undefined}>
        <h2 className="h5 mb-0">{props.title}</h2>
        {props.create && (
          <Button size="sm" variant="primary" onClick={props.create.onClick}>
            {props.create.label}
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        {props.empty !== undefined && items?.length === 0 && <p className="mb-0">{props.empty}</p>}
        {items && items.length > 0 && (
          <Table responsive className="mb-0" aria-label={props.label}>
            <thead>
              <tr>
                {props.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>{items.map(props.row)}</tbody>
          </Table>
        )}
      </Card.Body>
      {props.children}
    </Card>
  );
}
