import Form from 'react-bootstrap/Form';
import Image from 'react-bootstrap/Image';
import { isSitePath, type SettingsForm, type UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';

/** The image printed at the top of kitchen tickets: a path on this site, shown as it is typed. */
export function LogoSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  const path = form.bt_print_logo.trim();
  const valid = isSitePath(path);
  return (
    <SettingsSection id="logo" title="Logo for printed ticket">
      <Form.Group controlId="bt_print_logo" className="mb-2">
        <Form.Label>Image path on this site (empty for none)</Form.Label>
        <Form.Control
          value={form.bt_print_logo}
          placeholder="/images/logo.png"
          maxLength={300}
          isInvalid={!valid}
          onChange={(event) => update({ bt_print_logo: event.target.value })}
        />
        <Form.Control.Feedback type="invalid">Must be a path on this site, starting with /</Form.Control.Feedback>
      </Form.Group>
      {valid && path !== '' && <Image src={path} alt="The ticket logo" thumbnail className="d-block" style={{ maxHeight: '6rem' }} />}
    </SettingsSection>
  );
}
