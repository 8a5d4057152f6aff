import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';

/**
 * A settings form's submit: `check` says first what is missing (a sentence shown in the form), then `save` runs;
 * a refusal keeps the form open (the Settings button shows the server's reason in the error dialog).
 */
export function useSettingsSubmit(check: () => string | null, save: () => Promise<void>) {
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = check();
    setProblem(missing);
    if (missing) return;
    setSaving(true);
    try {
      await save();
    } catch {
      // Shown by the Settings button's dialog; the form stays as it was typed.
    } finally {
      setSaving(false);
    }
  };
  return { problem, saving, submit };
}

export function SettingsActions({ problem, saving, onCancel, label }: { problem: string | null; saving: boolean; onCancel(): void; label: string }) {
  return (
    <>
      {problem && (
        <p role="alert" className="text-danger">
          {problem}
        </p>
      )}
      <div className="d-flex gap-2 justify-content-end">
        <Button variant="outline-dark" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving} aria-label={`Save the settings of ${label}`}>
          Save
        </Button>
      </div>
    </>
  );
}
