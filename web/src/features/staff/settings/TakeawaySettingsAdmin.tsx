import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useGetSettingsQuery } from '../../settings/settingsApi';
import { ALL_SETTING_KEYS } from './settingKeys';
import { useHydrated } from '../../../app/useHydrated';
import { settingsJustSaved, settingsSavedSaid } from './savedNote';
import { formFromValues } from './settingsForm';
import { TakeawaySettingsForm } from './TakeawaySettingsForm';

/** Mount point `takeawaySettingsAdminWrapper`: the takeaway settings screen (managers). */
export function TakeawaySettingsAdmin() {
  const { data: values, isLoading, isError } = useGetSettingsQuery(ALL_SETTING_KEYS);
  // After hydration (the server's first screen knows nothing of this tab's storage); said until closed or left.
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  const saved = hydrated && !dismissed && settingsJustSaved();
  useEffect(() => (saved ? settingsSavedSaid : undefined), [saved]);

  return (
    <section id="takeawaySettingsAdminWrapper" aria-labelledby="settings-title">
      <h1 id="settings-title" className="h3">
        Takeaway settings
      </h1>
      {saved && (
        <Alert variant="success" role="status" data-testid="settings-saved" dismissible onClose={() => setDismissed(true)} closeLabel="Close">
          Settings saved
        </Alert>
      )}
      {isLoading && <Spinner animation="border" role="status" aria-label="Loading settings" />}
      {isError && <Alert variant="danger">ERROR fetching the settings</Alert>}
      {values && <TakeawaySettingsForm initial={formFromValues(values)} />}
    </section>
  );
}
