/**
 * 'Settings saved' across the reload a save makes (staff spec §2, issue 38 item 2): a one-shot note in this tab's
 * sessionStorage, written before the reload and taken (read and removed) by the reloaded page, which says it once.
 */
import { forget, recall, remember } from '../../../app/deviceMemory';

const SAVED_NOTE = 'takeaway-settings-saved';

/** Storage refused, the page still reloads with the saved values, without the note. */
export const noteSettingsSaved = (): void => remember(SAVED_NOTE, '1', 'tab');

function takeNote(): boolean {
  const saved = recall(SAVED_NOTE, 'tab') !== null;
  forget(SAVED_NOTE, 'tab');
  return saved;
}

/** Whether this page load follows a save, taken from storage at the first call (in the browser only). */
let justSaved: boolean | undefined;

export function settingsJustSaved(): boolean {
  justSaved ??= takeNote();
  return justSaved;
}

/** Said once: the settings screen opened again in this page load does not say it again. */
export function settingsSavedSaid(): void {
  justSaved = false;
}
