import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { accentProblem, ACCENT_PATTERN } from '../../../../../src/shared/brand';
import { DEMO_HERO, DEMO_LOGO } from '../../brand/brandImages';
import { BrandImageField } from './BrandImageField';
import type { SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';

/** Issue 32: the restaurant's name, words, pictures and colour, as the customer pages show them (docs/brand.md). */
export function BrandSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  const colourProblem = accentProblem(form.accent_colour.trim());
  return (
    <SettingsSection id="brand" title="Your restaurant's brand">
      <Row className="g-2">
        <Form.Group as={Col} md={6} controlId="site_name">
          <Form.Label>Restaurant name</Form.Label>
          <Form.Control value={form.site_name} maxLength={80} required isInvalid={form.site_name.trim() === ''} onChange={(event) => update({ site_name: event.target.value })} />
          <Form.Control.Feedback type="invalid">The restaurant needs a name</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} md={6} controlId="phone_no_display">
          <Form.Label>Phone number customers call</Form.Label>
          <Form.Control value={form.phone_no_display} maxLength={30} type="tel" autoComplete="off" onChange={(event) => update({ phone_no_display: event.target.value })} />
        </Form.Group>
        <Form.Group as={Col} xs={12} controlId="site_tagline">
          <Form.Label>Tagline (under the name)</Form.Label>
          <Form.Control value={form.site_tagline} maxLength={120} onChange={(event) => update({ site_tagline: event.target.value })} />
        </Form.Group>
        <Form.Group as={Col} xs={12} controlId="accent_colour">
          <Form.Label>Accent colour</Form.Label>
          <div className="d-flex gap-2 align-items-start">
            <Form.Control
              type="color"
              className="form-control-color flex-shrink-0"
              aria-label="Pick the accent colour"
              value={ACCENT_PATTERN.test(form.accent_colour.trim()) ? form.accent_colour.trim() : '#000000'}
              onChange={(event) => update({ accent_colour: event.target.value })}
            />
            <div className="flex-grow-1">
              <Form.Control
                value={form.accent_colour}
                maxLength={7}
                spellCheck={false}
                isInvalid={colourProblem !== null}
                aria-describedby="accent-colour-help"
                onChange={(event) => update({ accent_colour: event.target.value })}
                data-testid="accent-colour"
              />
              <Form.Control.Feedback type="invalid" role="alert" data-testid="accent-colour-problem">
                {colourProblem && `This colour ${colourProblem}.`}
              </Form.Control.Feedback>
              <Form.Text id="accent-colour-help">Buttons and links take this colour, with white text on it: it must reach a contrast of 4.5:1.</Form.Text>
            </div>
          </div>
        </Form.Group>
        <Col xs={12}>
          <BrandImageField id="site_logo" label="Logo" value={form.site_logo} fallback={DEMO_LOGO} onChange={(link) => update({ site_logo: link })} />
          <BrandImageField id="hero_image" label="Photo for the About page" value={form.hero_image} fallback={DEMO_HERO} onChange={(link) => update({ hero_image: link })} />
        </Col>
        <Form.Group as={Col} xs={12} controlId="about_text">
          <Form.Label>About the restaurant (the About page)</Form.Label>
          <Form.Control as="textarea" rows={4} maxLength={2000} value={form.about_text} onChange={(event) => update({ about_text: event.target.value })} />
        </Form.Group>
      </Row>
    </SettingsSection>
  );
}

/** The brand fields the server would refuse: an empty name, a colour below the contrast. */
export const brandIsValid = (form: SettingsForm) => form.site_name.trim() !== '' && accentProblem(form.accent_colour.trim()) === null;
