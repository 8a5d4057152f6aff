import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Table from 'react-bootstrap/Table';
import { serverMessage } from '../../../app/serverMessage';
import { stockUnitsProblem, unitsTyped } from '../../../../../src/shared/stock-units';
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
                <NumberAction
                  item={item}
                  label="New level of"
                  action="Set"
                  buttonLabel="Set the level of"
                  rule={{ name: 'The new level', min: 0 }}
                  onSubmit={(units) => setLevel({ productId: item.productId, variantId: item.variantId, units: units! }).unwrap()}
                  confirmation={(units) => `Set to ${units}`}
                />
              </td>
              <td>
                <NumberAction
                  item={item}
                  label="Units to add to"
                  action="Add"
                  buttonLabel="Add the units to"
                  rule={{ name: 'The units to add', min: 1 }}
                  onSubmit={(units) => restock({ productId: item.productId, variantId: item.variantId, units: units! }).unwrap()}
                  confirmation={(units) => `Added ${units}`}
                />
              </td>
              <td>
                <NumberAction
                  item={item}
                  label="Daily par level of"
                  action="Save"
                  buttonLabel="Save the daily par level of"
                  rule={{ name: 'The daily par level', min: 0 }}
                  initial={item.parLevel === null ? '' : String(item.parLevel)}
                  optional
                  onSubmit={(parLevel) => setPar({ productId: item.productId, variantId: item.variantId, parLevel }).unwrap()}
                  confirmation={(parLevel) => (parLevel === null ? 'Par level cleared' : `Par level saved: ${parLevel}`)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

/**
 * A number field and its button; `optional`: an empty field sends null (no par level). What was typed is checked
 * with the server's rule before it goes (a refusal says why under the field), and a change the server took is
 * confirmed beside it (issue 38 item 2).
 */
function NumberAction({
  item,
  label,
  action,
  buttonLabel,
  rule,
  initial = '',
  optional = false,
  onSubmit,
  confirmation,
}: {
  item: StockSheetItem;
  label: string;
  action: string;
  buttonLabel: string;
  rule: { name: string; min: number };
  initial?: string;
  optional?: boolean;
  onSubmit: (value: number | null) => Promise<unknown>;
  confirmation: (value: number | null) => string;
}) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const submit = async () => {
    setDone(null);
    const units = optional && value.trim() === '' ? null : unitsTyped(value);
    const refused = units === null ? null : stockUnitsProblem(units, rule.min, rule.name);
    setProblem(refused);
    if (refused) return;
    try {
      await onSubmit(units);
    } catch {
      return; // the sheet's alert says what the server answered
    }
    setDone(confirmation(units));
    if (!optional) setValue('');
  };
  return (
    <>
      <InputGroup size="sm" style={{ maxWidth: '12rem' }} hasValidation>
        <Form.Control
          type="text"
          inputMode="numeric"
          value={value}
          aria-label={`${label} ${item.name}`}
          aria-describedby={`${id}-note`}
          isInvalid={problem !== null}
          onChange={(event) => {
            setValue(event.target.value);
            setDone(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void submit();
          }}
        />
        <Button variant="outline-primary" onClick={() => void submit()} aria-label={`${buttonLabel} ${item.name}`}>
          {action}
        </Button>
      </InputGroup>
      <div id={`${id}-note`} className="small" data-testid="stock-note">
        {problem && (
          <span role="alert" className="text-danger">
            {problem}
          </span>
        )}
        {done && (
          <span role="status" className="text-success">
            {done}
          </span>
        )}
      </div>
    </>
  );
}
