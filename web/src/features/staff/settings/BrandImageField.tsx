import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { usePhotoUpload } from '../catalogue/usePhotoUpload';

/**
 * A brand image (the logo, the hero photo): uploaded through the dishes' photo pipeline (POST /api/uploadImage:
 * checked from its bytes, re-encoded), its link kept for the save. Empty shows the demo's drawing instead.
 */
export function BrandImageField({ id, label, value, fallback, onChange }: { id: string; label: string; value: string; fallback: string; onChange: (link: string) => void }) {
  const { choose, uploading, problem } = usePhotoUpload(onChange);

  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      {problem && (
        <Alert variant="danger" role="alert">
          {problem}
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-center gap-3">
        <img src={value || fallback} alt={value ? `The ${label.toLowerCase()}` : `The demo ${label.toLowerCase()}`} height={64} className="border rounded" data-testid={`${id}-preview`} />
        <Form.Control type="file" className="w-auto mw-100" accept="image/jpeg,image/png,image/webp,image/gif" disabled={uploading} onChange={(event) => void choose((event.target as HTMLInputElement).files?.[0])} />
        {value && (
          <Button variant="outline-secondary" size="sm" onClick={() => onChange('')}>
            Use the demo drawing
          </Button>
        )}
      </div>
      {uploading && <p role="status">Uploading the photo…</p>}
    </Form.Group>
  );
}
