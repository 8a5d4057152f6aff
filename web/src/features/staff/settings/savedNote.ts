/**
 * 'Settings saved' across the reload a save makes (staff spec §2, issue 38 item 2): a one-shot note in this tab's
 * sessionStorage, written before the reload and taken (read and removed) by the reloaded page, which says it once.
 */
const SAVED_NOTE = 'takeaway-settings-saved';

export function noteSettingsSaved(): void {
  try {
    sessionStorage.setItem(SAVED_NOTE, '1');
  } catch {
    // Storage refused (a private window's quota): the page still reloads with the saved values.
  }
}

function takeNote(): boolean {
  try {
    const saved = sessionStorage.getItem(SAVED_NOTE) !== null;
    sessionStorage.removeItem(SAVED_NOTE);
    return saved;
  } catch {
    return false;
  }
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
