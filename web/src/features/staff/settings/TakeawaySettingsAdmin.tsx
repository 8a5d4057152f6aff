import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useGetSettingsQuery } from '../../settings/settingsApi';
import { ALL_SETTING_KEYS } from './settingKeys';
import { formFromValues } from './settingsForm';
import { TakeawaySettingsForm } from './TakeawaySettingsForm';

/** Mount point `takeawaySettingsAdminWrapper`: the takeaway settings screen (managers). */
export function TakeawaySettingsAdmin() {
  const { data: values, isLoading, isError } = useGetSettingsQuery(ALL_SETTING_KEYS);

  return (
    <section id="takeawaySettingsAdminWrapper" aria-labelledby="settings-title">
      <h1 id="settings-title" className="h3">
        Takeaway settings
      </h1>
      {isLoading && <Spinner animation="border" role="status" aria-label="Loading settings" />}
      {isError && <Alert variant="danger">ERROR fetching the settings</Alert>}
      {values && <TakeawaySettingsForm initial={formFromValues(values)} />}
    </section>
  );
}
