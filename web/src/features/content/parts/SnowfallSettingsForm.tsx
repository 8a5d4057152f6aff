import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { SNOW_DENSITIES, SNOW_SPEEDS, type SnowDensity, type SnowSpeed } from '../../../../../src/shared/part-settings';
import type { PartSettingsFormProps } from './partKinds';
import { SettingsActions, useSettingsSubmit } from './SettingsActions';

const SPEED_NAMES: Record<SnowSpeed, string> = { 'very-slow': 'Very slow', slow: 'Slow', medium: 'Medium', heavy: 'Heavy', snowstorm: 'Snowstorm' };
const DENSITY_NAMES: Record<SnowDensity, string> = { light: 'Light', medium: 'Medium', heavy: 'Heavy' };

/** A snowfall part's speed and density (customer spec §3 "Snow settings"); its dates are the shop's setting. */
export default function SnowfallSettingsForm({ settings, onSave, onCancel, label }: PartSettingsFormProps<'snowfall'>) {
  const [speed, setSpeed] = useState<SnowSpeed>(settings.speed ?? 'medium');
  const [density, setDensity] = useState<SnowDensity>(settings.density ?? 'medium');
  const { problem, saving, submit } = useSettingsSubmit(() => null, () => onSave({ speed, density }));
  return (
    <Form onSubmit={submit} aria-label={`Snow of ${label}`}>
      <Form.Group className="mb-3" controlId="snowfall-speed">
        <Form.Label>Speed</Form.Label>
        <Form.Select value={speed} onChange={(event) => setSpeed(event.target.value as SnowSpeed)}>
          {SNOW_SPEEDS.map((value) => (
            <option key={value} value={value}>
              {SPEED_NAMES[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="snowfall-density">
        <Form.Label>Density</Form.Label>
        <Form.Select value={density} onChange={(event) => setDensity(event.target.value as SnowDensity)}>
          {SNOW_DENSITIES.map((value) => (
            <option key={value} value={value}>
              {DENSITY_NAMES[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Text as="p">The snow falls on the dates chosen in the shop's settings (Snowfall on content pages).</Form.Text>
      <SettingsActions problem={problem} saving={saving} onCancel={onCancel} label={label} />
    </Form>
  );
}
