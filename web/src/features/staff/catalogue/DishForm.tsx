import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { parsePounds, penceAsPounds } from '../../../../../src/shared/money';
import { serverMessage } from '../../../app/serverMessage';
import { dietaryProblem } from '../../../../../src/shared/allergens';
import { stockUnitsProblem, unitsTyped } from '../../../../../src/shared/stock-units';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../../../src/shared/page-head';
import { useStockSheetQuery } from '../stock/stockApi';
import { AllergenChecks } from './AllergenChecks';
import type { AllergenDeclaration } from './allergenDeclaration';
import { PhotoField } from './PhotoField';
import { LazyRichTextEditor } from '../../content/LazyRichTextEditor';

const SPICE_LEVELS = ['Not spicy', 'Mild', 'Medium', 'Hot'];
import { useAddDishMutation, useArchiveDishMutation, useChangeDishMutation, type DishBody, type EditableCategory, type EditableDish } from './catalogueApi';

/** The dish editor: a new dish when `dish` is null. `onSaved` gets the dish's id. */
export function DishForm({ dish, categories, onSaved }: { dish: EditableDish | null; categories: EditableCategory[]; onSaved: (id: number | null) => void }) {
  const [categoryId, setCategoryId] = useState(dish?.category_id ?? categories[0]?.id ?? 0);
  const [name, setName] = useState(dish?.name ?? '');
  const [shortDesc, setShortDesc] = useState(dish?.short_desc ?? '');
  const [description, setDescription] = useState(dish?.description ?? '');
  const [price, setPrice] = useState(dish ? penceAsPounds(dish.price) : '');
  const [vatRate, setVatRate] = useState<DishBody['vat_rate']>(dish?.vat_rate ?? 'standard');
  const [virtual, setVirtual] = useState(dish?.virtual ?? false);
  const [image, setImage] = useState<string | null>(dish?.image ?? null);
  // A new dish starts not declared; an old one keeps what it had until someone declares it (issue 27).
  const [declaration, setDeclaration] = useState<AllergenDeclaration>({ allergens: dish?.allergens ?? [], declared: dish?.allergens_declared ?? false });
  const { allergens } = declaration;
  const [vegetarian, setVegetarian] = useState(dish?.vegetarian ?? false);
  const [vegan, setVegan] = useState(dish?.vegan ?? false);
  const [spice, setSpice] = useState(dish?.spice ?? 0);
  const [problem, setProblem] = useState<string | null>(null);
  // A new dish's units on the shelf: without them it is sold out at once (issue 38 item 3).
  const [openingStock, setOpeningStock] = useState('');
  const [add, adding] = useAddDishMutation();
  const [change, changing] = useChangeDishMutation();
  const [archive, archiving] = useArchiveDishMutation();
  const error = adding.error ?? changing.error ?? archiving.error;
  const saved = adding.isSuccess || changing.isSuccess;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pence = parsePounds(price);
    if (pence === null) return setProblem('Give the price in pounds, e.g. 4.50');
    const contradiction = dietaryProblem({ allergens, vegetarian, vegan });
    if (contradiction) return setProblem(contradiction);
    const units = unitsTyped(openingStock);
    const stockProblem = dish ? null : stockUnitsProblem(units, 0, 'The opening stock');
    if (stockProblem) return setProblem(stockProblem);
    setProblem(null);
    const body: DishBody = { category_id: categoryId, name, short_desc: shortDesc, description, price: pence, image, virtual, vat_rate: vatRate, allergens, allergens_declared: declaration.declared, vegetarian, vegan, spice };
    if (dish) {
      if ('data' in (await change({ id: dish.id, body }))) onSaved(dish.id);
    } else {
      const result = await add({ ...body, opening_stock: units });
      if ('data' in result && result.data) onSaved(result.data.id);
    }
  };

  const archiveDish = async () => {
    if (!dish || !window.confirm(`Archive ${dish.name}? It leaves the menu for good.`)) return;
    if ('data' in (await archive(dish.id))) onSaved(null);
  };

  const field = (key: string) => `dish-${dish?.id ?? 'new'}-${key}`;
  return (
    <Form onSubmit={submit} aria-label={dish ? `Edit ${dish.name}` : 'New dish'} data-testid="dish-form">
      {(problem || error) && (
        <Alert variant="danger" role="alert">
          {problem ?? serverMessage(error, 'The dish could not be saved; please try again.')}
        </Alert>
      )}
      {saved && !error && (
        <Alert variant="success" role="status" data-testid="dish-saved">
          Saved: customers see it now.
          {!virtual && !declaration.declared && ' Its allergens are not declared yet: customers are asked to call before ordering it.'}
        </Alert>
      )}
      {dish && <NoStockNote dish={dish} />}
      <Row className="g-2">
        <Col md={6}>
          <Form.Group controlId={field('name')}>
            <Form.Label>Name</Form.Label>
            <Form.Control value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} />
          </Form.Group>
        </Col>
        <Col md={6}>
          <Form.Group controlId={field('category')}>
            <Form.Label>Category</Form.Label>
            <Form.Select value={categoryId} onChange={(event) => setCategoryId(Number(event.target.value))}>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                  {category.hidden ? ' (hidden)' : ''}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col md={12}>
          <Form.Group controlId={field('short')}>
            <Form.Label>Short description</Form.Label>
            <Form.Control value={shortDesc} maxLength={200} onChange={(event) => setShortDesc(event.target.value)} />
          </Form.Group>
        </Col>
        <Col md={12}>
          {/* Rich text (issue 39): the in-place editor's own editor and allow-list; the server cleans what it sends. */}
          <p className="form-label mb-1" aria-hidden="true">
            Description
          </p>
          <LazyRichTextEditor initialHtml={description} label="Description" editorId={field('description')} onChange={setDescription} />
        </Col>
        <Col md={4}>
          <Form.Group controlId={field('price')}>
            <Form.Label>Price (£)</Form.Label>
            <Form.Control value={price} inputMode="decimal" required placeholder="4.50" onChange={(event) => setPrice(event.target.value)} />
          </Form.Group>
        </Col>
        <Col md={4}>
          <Form.Group controlId={field('vat')}>
            <Form.Label>VAT rate</Form.Label>
            <Form.Select value={vatRate} onChange={(event) => setVatRate(event.target.value as DishBody['vat_rate'])}>
              <option value="standard">Standard (hot food, soft drinks)</option>
              <option value="zero">Zero (most cold food)</option>
            </Form.Select>
          </Form.Group>
        </Col>
        <Col md={4} className="d-flex align-items-end">
          <Form.Check id={field('virtual')} label="Virtual (nothing to cook or deliver)" checked={virtual} onChange={(event) => setVirtual(event.target.checked)} />
        </Col>
        <Col md={12}>
          {virtual ? (
            <p className="small text-body-secondary">A virtual item has no allergens: customers see no allergen notice on it.</p>
          ) : (
            <AllergenChecks id={field('allergens')} legend="Contains (allergens)" of="dish" value={declaration} onChange={setDeclaration} />
          )}
        </Col>
        <Col md={4}>
          <Form.Check id={field('vegetarian')} label="Vegetarian" checked={vegetarian} onChange={(event) => setVegetarian(event.target.checked)} />
          <Form.Check
            id={field('vegan')}
            label="Vegan"
            checked={vegan}
            onChange={(event) => {
              setVegan(event.target.checked);
              if (event.target.checked) setVegetarian(true);
            }}
          />
        </Col>
        <Col md={4}>
          <Form.Group controlId={field('spice')}>
            <Form.Label>Spice</Form.Label>
            <Form.Select value={spice} onChange={(event) => setSpice(Number(event.target.value))}>
              {SPICE_LEVELS.map((label, level) => (
                <option key={label} value={level}>
                  {label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        {!dish && (
          <Col md={4}>
            <Form.Group controlId={field('opening-stock')}>
              <Form.Label>Opening stock (units)</Form.Label>
              <Form.Control value={openingStock} inputMode="numeric" aria-required="true" aria-describedby={field('opening-stock-help')} onChange={(event) => setOpeningStock(event.target.value)} />
              <Form.Text id={field('opening-stock-help')}>How many are ready to sell now: with none, customers see it as Sold out.</Form.Text>
            </Form.Group>
          </Col>
        )}
        <Col md={12}>
          <PhotoField id={field('photo')} image={image} onChange={setImage} dishName={name} />
        </Col>
      </Row>
      <div className="mt-3 d-flex gap-2">
        <Button type="submit" disabled={adding.isLoading || changing.isLoading}>
          {dish ? 'Save dish' : 'Add dish'}
        </Button>
        {dish && (
          <Button variant="outline-danger" onClick={() => void archiveDish()} disabled={archiving.isLoading}>
            Archive dish
          </Button>
        )}
      </div>
    </Form>
  );
}

/**
 * Says plainly when the dish shown has no stock (issue 38 item 3): customers see it as Sold out. With variants,
 * stock is kept per variant: it names those without any.
 */
function NoStockNote({ dish }: { dish: EditableDish }) {
  const { data: items } = useStockSheetQuery();
  const rows = items?.filter((item) => item.productId === dish.id) ?? [];
  const empty = rows.filter((item) => item.units === 0);
  if (rows.length === 0 || empty.length === 0) return null;
  const which = empty.length === rows.length ? `${dish.name} has no stock: customers see it as Sold out.` : `No stock of ${empty.map((item) => item.name).join(', ')}: customers see ${empty.length === 1 ? 'it' : 'them'} as Sold out.`;
  return (
    <Alert variant="warning" data-testid="no-stock-note">
      {which} <Link to={PAGE_PATHS.outOfStock}>Set the stock</Link>
    </Alert>
  );
}
