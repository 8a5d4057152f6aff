import Button from 'react-bootstrap/Button';

/** 'Save Changes' once the form is valid; until then a disabled button says what to check. */
export function SaveSettingsButton({ valid, isSaving }: { valid: boolean; isSaving: boolean }) {
  if (!valid) {
    return (
      <Button type="button" variant="secondary" disabled data-testid="save-settings">
        Check kitchen postcode &amp; discount amount
      </Button>
    );
  }
  return (
    <Button type="submit" variant="primary" disabled={isSaving} data-testid="save-settings">
      {isSaving ? 'Saving…' : 'Save Changes'}
    </Button>
  );
}
