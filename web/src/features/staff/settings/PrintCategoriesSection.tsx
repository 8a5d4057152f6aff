import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';
import { useProductCategoriesQuery } from './takeawaySettingsApi';

/** Which categories go on printed kitchen tickets; none chosen prints them all. */
export function PrintCategoriesSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  const { data: categories, isLoading, isError } = useProductCategoriesQuery();
  const chosen = form.ta_print_categories;
  const toggle = (name: string, on: boolean) => update({ ta_print_categories: on ? [...chosen, name] : chosen.filter((other) => other !== name) });

  return (
    <SettingsSection id="print-categories" title="Categories for printed tickets">
      {isLoading && <Spinner animation="border" size="sm" role="status" aria-label="Loading categories" />}
      {isError && <Alert variant="danger">ERROR initialising categories</Alert>}
      {categories && (
        <fieldset>
          <legend className="fs-6">Print only these categories (none chosen prints everything)</legend>
          {categories.map((name) => (
            <Form.Check
              key={name}
              type="checkbox"
              id={`print-category-${name}`}
              label={name}
              checked={chosen.includes(name)}
              onChange={(event) => toggle(name, event.target.checked)}
            />
          ))}
        </fieldset>
      )}
    </SettingsSection>
  );
}
