import { useAppDispatch } from '../../../app/hooks';
import { caughtMessage } from '../../../app/serverMessage';
import { showDialog } from '../../dialog/dialogSlice';
import { noteSettingsSaved } from './savedNote';
import { useUpdateTakeawaySettingsMutation } from './takeawaySettingsApi';

/** Saves, then reloads the page so every part of it reads the new values (staff spec §2); the reloaded page says so. */
export function useSaveSettings() {
  const [update, { isLoading }] = useUpdateTakeawaySettingsMutation();
  const dispatch = useAppDispatch();

  const save = async (settings: Record<string, unknown>) => {
    try {
      await update(settings).unwrap();
      noteSettingsSaved();
      window.location.reload();
    } catch (error) {
      const detail = caughtMessage(error, '');
      dispatch(showDialog({ title: 'Error', message: `there was an error saving settings${detail ? `\n${detail}` : ''}`, look: 'error' }));
    }
  };

  return { save, isSaving: isLoading };
}
