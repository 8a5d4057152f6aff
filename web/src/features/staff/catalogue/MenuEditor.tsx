import { useSearchParams } from 'react-router';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { formatPence } from '../../../../../src/shared/money';
import { CategoriesEditor } from './CategoriesEditor';
import { DishForm } from './DishForm';
import { MenuCsv } from './MenuCsv';
import { UndeclaredDishes } from './UndeclaredDishes';
import { VariantsEditor } from './VariantsEditor';
import { useCatalogueQuery } from './catalogueApi';

const NEW = 'new';

/** /takeaway-menu: the manager builds the menu: categories, then each dish with its photo and variants. */
export function MenuEditor() {
  const { data, isLoading } = useCatalogueQuery();
  // The dish being edited is in the address (?dish=12), so a reload or a shared link opens it again.
  const [search, setSearch] = useSearchParams();
  const chosen = search.get('dish') ?? NEW;
  const setChosen = (value: string) => setSearch(value === NEW ? {} : { dish: value }, { replace: true });
  if (isLoading || !data) return <Spinner animation="border" role="status" aria-label="Loading the menu" />;

  const dish = data.products.find((product) => String(product.id) === chosen) ?? null;
  return (
    <div data-testid="menu-editor">
      <h1 className="h3 mb-3">Menu editor</h1>
      <UndeclaredDishes dishes={data.products} />
      <Row>
        <Col lg={4}>
          <CategoriesEditor categories={data.categories} />
          <MenuCsv />
        </Col>
        <Col lg={8}>
          <section aria-labelledby="dishes-heading">
            <h2 id="dishes-heading" className="h4">
              Dishes
            </h2>
            <Form.Group controlId="dish-choice" className="mb-3">
              <Form.Label>Dish to edit</Form.Label>
              <Form.Select value={dish ? chosen : NEW} onChange={(event) => setChosen(event.target.value)}>
                <option value={NEW}>A new dish</option>
                {data.categories.map((category) => (
                  <optgroup key={category.id} label={category.name}>
                    {data.products
                      .filter((product) => product.category_id === category.id)
                      .map((product) => (
                        <option key={product.id} value={product.id}>
                          {product.name} – {formatPence(product.price)}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </Form.Select>
            </Form.Group>
            {data.categories.length === 0 ? (
              <p>Add a category first: every dish is in one.</p>
            ) : (
              <DishForm key={dish?.id ?? NEW} dish={dish} categories={data.categories} onSaved={(id) => setChosen(id === null ? NEW : String(id))} />
            )}
            {dish && <VariantsEditor key={dish.id} dish={dish} />}
          </section>
        </Col>
      </Row>
    </div>
  );
}
