import Button from 'react-bootstrap/Button';

/** 'Save Changes' once the form is valid; until then a disabled button says what to check (`whySettingsCannotSave`). */
export function SaveSettingsButton({ cannotSave, isSaving }: { cannotSave: string | null; isSaving: boolean }) {
  if (cannotSave !== null) {
    return (
      <Button type="button" variant="secondary" disabled data-testid="save-settings">
        {cannotSave}
      </Button>
    );
  }
  return (
    <Button type="submit" variant="primary" disabled={isSaving} data-testid="save-settings">
      {isSaving ? 'Saving…' : 'Save Changes'}
    </Button>
  );
}
