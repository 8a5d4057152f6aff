import Button from 'react-bootstrap/Button';
import Row from 'react-bootstrap/Row';
import { NumberField } from './NumberField';
import type { ChargeBandFields, SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';

const MAX_BANDS = 20;

/** Delivery charge by distance: the first band whose miles cover the distance applies. */
export function ChargeBandsSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  const bands = form.delivery_charge_bands;
  const setBand = (index: number, changes: Partial<ChargeBandFields>) =>
    update({ delivery_charge_bands: bands.map((band, at) => (at === index ? { ...band, ...changes } : band)) });

  return (
    <SettingsSection id="charges" title="Delivery charges">
      {bands.map((band, index) => (
        <Row key={index} className="g-2 align-items-end mb-2" data-testid="charge-band">
          <NumberField
            id={`band-${index}-miles`}
            label={`Band ${index + 1}: up to (miles)`}
            min={0.1}
            max={100}
            step="any"
            value={band.up_to_miles}
            onChange={(value) => setBand(index, { up_to_miles: value })}
          />
          <NumberField
            id={`band-${index}-charge`}
            label="Charge"
            prefix="£"
            min={0}
            max={10000}
            step={0.01}
            value={band.charge}
            onChange={(value) => setBand(index, { charge: value })}
          />
          <div className="col-sm-4">
            <Button
              variant="outline-danger"
              disabled={bands.length <= 1}
              onClick={() => update({ delivery_charge_bands: bands.filter((_band, at) => at !== index) })}
              aria-label={`Remove band ${index + 1}`}
            >
              Remove
            </Button>
          </div>
        </Row>
      ))}
      <Button
        variant="outline-primary"
        className="mb-3"
        disabled={bands.length >= MAX_BANDS}
        onClick={() => update({ delivery_charge_bands: [...bands, { up_to_miles: '', charge: '' }] })}
      >
        Add a band
      </Button>
      <Row className="g-2">
        <NumberField
          id="delivery_minimum_order"
          label="Minimum order for delivery"
          prefix="£"
          min={0}
          max={10000}
          step={0.01}
          value={form.delivery_minimum_order}
          onChange={(value) => update({ delivery_minimum_order: value })}
        />
      </Row>
    </SettingsSection>
  );
}
