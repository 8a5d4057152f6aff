import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { chosenItem, itemKey, matchingItems, optionText, type StockItem } from './stockItems';
import { useSetStockStatus } from './useSetStockStatus';

/** Find an active product or variant by name (2 characters or more) and take it off the menu. */
export function OosTypeahead({ items }: { items: StockItem[] }) {
  const [text, setText] = useState('');
  const { setStatus, isSaving } = useSetStockStatus();
  const options = matchingItems(items, text);
  const chosen = chosenItem(items, text);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return;
    await setStatus(chosen, 'out-of-stock');
    setText('');
  };

  return (
    <Form onSubmit={handleSubmit} aria-label="Make an item out of stock" className="mb-4">
      <Form.Label htmlFor="oos-search">Product or variant</Form.Label>
      <InputGroup>
        <Form.Control
          id="oos-search"
          list="oos-options"
          autoComplete="off"
          placeholder="Type 2 or more letters of its name"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby="oos-search-help"
          data-testid="oos-search"
        />
        <Button type="submit" variant="danger" disabled={!chosen || isSaving} data-testid="make-oos">
          Make out-of-stock
        </Button>
      </InputGroup>
      <datalist id="oos-options">
        {options.map((item) => (
          <option key={itemKey(item)} value={optionText(item)} />
        ))}
      </datalist>
      <Form.Text id="oos-search-help">
        {text.trim().length < 2 ? 'Type at least 2 letters' : chosen ? `${chosen.name} is chosen` : `${options.length} matching: pick one from the list`}
      </Form.Text>
    </Form>
  );
}
