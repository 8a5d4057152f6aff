import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Table from 'react-bootstrap/Table';
import { serverMessage } from '../../../app/serverMessage';
import {
  useAddCategoryMutation,
  useRenameCategoryMutation,
  useReorderCategoriesMutation,
  useSetCategoryHiddenMutation,
  type EditableCategory,
} from './catalogueApi';

/** Categories: add, rename, move up or down, hide from customers and show again. */
export function CategoriesEditor({ categories }: { categories: EditableCategory[] }) {
  const [name, setName] = useState('');
  const [add, adding] = useAddCategoryMutation();
  const [reorder, reordering] = useReorderCategoriesMutation();
  const [setHidden, hiding] = useSetCategoryHiddenMutation();
  const [rename, renaming] = useRenameCategoryMutation();
  const error = adding.error ?? reordering.error ?? hiding.error ?? renaming.error;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ('data' in (await add({ name }))) setName('');
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = categories.map((category) => category.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    void reorder(ids);
  };

  return (
    <section aria-labelledby="categories-heading" className="mb-4" data-testid="categories-editor">
      <h2 id="categories-heading" className="h4">
        Categories
      </h2>
      {error && (
        <Alert variant="danger" role="alert">
          {serverMessage(error, 'That change could not be saved; please try again.')}
        </Alert>
      )}
      <Table size="sm" className="align-middle">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Order</th>
            <th scope="col">On the menu</th>
          </tr>
        </thead>
        <tbody>
          {categories.map((category, index) => (
            <tr key={category.id} data-testid="category-row">
              <td>
                <CategoryName category={category} onRename={(newName) => rename({ id: category.id, name: newName })} />
              </td>
              <td>
                <Button size="sm" variant="outline-secondary" className="me-1" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${category.name} up`}>
                  Up
                </Button>
                <Button size="sm" variant="outline-secondary" disabled={index === categories.length - 1} onClick={() => move(index, 1)} aria-label={`Move ${category.name} down`}>
                  Down
                </Button>
              </td>
              <td>
                <Form.Check
                  type="switch"
                  id={`category-shown-${category.id}`}
                  label={category.hidden ? 'Hidden' : 'Shown'}
                  checked={!category.hidden}
                  onChange={(event) => void setHidden({ id: category.id, hidden: !event.target.checked })}
                  aria-label={`Show ${category.name} on the menu`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Form onSubmit={submit} aria-label="Add a category">
        <Form.Label htmlFor="new-category">New category</Form.Label>
        <InputGroup>
          <Form.Control id="new-category" value={name} maxLength={60} required onChange={(event) => setName(event.target.value)} />
          <Button type="submit" disabled={adding.isLoading}>
            Add category
          </Button>
        </InputGroup>
      </Form>
    </section>
  );
}

function CategoryName({ category, onRename }: { category: EditableCategory; onRename: (name: string) => unknown }) {
  const [name, setName] = useState(category.name);
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void onRename(name);
      }}
    >
      <InputGroup size="sm">
        <Form.Control value={name} maxLength={60} required aria-label={`Name of category ${category.name}`} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" variant="outline-primary" disabled={name === category.name} aria-label={`Rename ${category.name}`}>
          Rename
        </Button>
      </InputGroup>
    </Form>
  );
}
