import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Table from 'react-bootstrap/Table';
import { serverMessage } from '../../../app/serverMessage';
import { useRestockMutation, useSetParLevelMutation, useSetStockLevelMutation, useStockSheetQuery, type StockSheetItem } from './stockApi';

/**
 * Stock levels for staff and managers: the units on the shelf, set or added to (restock), and the par level
 * each trading day starts with (empty: none).
 */
export function StockSheet() {
  const { data: items } = useStockSheetQuery();
  const [setLevel, levelState] = useSetStockLevelMutation();
  const [restock, restockState] = useRestockMutation();
  const [setPar, parState] = useSetParLevelMutation();
  const error = levelState.error ?? restockState.error ?? parState.error;
  if (!items) return null;

  return (
    <section aria-labelledby="stock-sheet-title" className="mt-4" data-testid="stock-sheet">
      <h2 id="stock-sheet-title" className="h4">
        Stock levels
      </h2>
      {error && (
        <Alert variant="danger" role="alert">
          {serverMessage(error, 'The stock could not be changed; please try again.')}
        </Alert>
      )}
      <Table size="sm" className="align-middle" responsive>
        <thead>
          <tr>
            <th scope="col">Dish</th>
            <th scope="col">On the shelf</th>
            <th scope="col">Set the level</th>
            <th scope="col">Restock</th>
            <th scope="col">Daily par level</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.productId}-${item.variantId ?? '-'}`} data-testid="stock-row">
              <th scope="row">{item.name}</th>
              <td data-testid="stock-units">{item.units}</td>
              <td>
                <NumberAction item={item} label="New level of" action="Set" buttonLabel="Set the level of" min={0} onSubmit={(units) => units !== null && setLevel({ productId: item.productId, variantId: item.variantId, units })} />
              </td>
              <td>
                <NumberAction item={item} label="Units to add to" action="Add" buttonLabel="Add the units to" min={1} onSubmit={(units) => units !== null && restock({ productId: item.productId, variantId: item.variantId, units })} />
              </td>
              <td>
                <NumberAction
                  item={item}
                  label="Daily par level of"
                  action="Save"
                  buttonLabel="Save the daily par level of"
                  min={0}
                  initial={item.parLevel === null ? '' : String(item.parLevel)}
                  optional
                  onSubmit={(parLevel) => setPar({ productId: item.productId, variantId: item.variantId, parLevel })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

/** A number field and its button; `optional`: an empty field sends null (no par level). */
function NumberAction({
  item,
  label,
  action,
  buttonLabel,
  min,
  initial = '',
  optional = false,
  onSubmit,
}: {
  item: StockSheetItem;
  label: string;
  action: string;
  buttonLabel: string;
  min: number;
  initial?: string;
  optional?: boolean;
  onSubmit: (value: number | null) => unknown;
}) {
  const [value, setValue] = useState(initial);
  const submit = () => {
    if (value.trim() === '' && !optional) return;
    void Promise.resolve(onSubmit(value.trim() === '' ? null : Number(value))).then(() => optional || setValue(''));
  };
  return (
    <InputGroup size="sm" style={{ maxWidth: '12rem' }}>
      <Form.Control type="number" min={min} step={1} value={value} aria-label={`${label} ${item.name}`} onChange={(event) => setValue(event.target.value)} />
      <Button variant="outline-primary" onClick={submit} aria-label={`${buttonLabel} ${item.name}`}>
        {action}
      </Button>
    </InputGroup>
  );
}
