import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { usePhotoUpload } from './usePhotoUpload';

/** A dish's photo: uploaded at once when chosen (POST /api/uploadImage), its link kept for the dish's save. */
export function PhotoField({ id, image, onChange, dishName }: { id: string; image: string | null; onChange: (link: string | null) => void; dishName: string }) {
  const { choose, uploading, problem } = usePhotoUpload(onChange);

  return (
    <Form.Group controlId={id}>
      <Form.Label>Photo</Form.Label>
      {problem && (
        <Alert variant="danger" role="alert">
          {problem}
        </Alert>
      )}
      <div className="d-flex align-items-center gap-3">
        {image && <img src={image} alt={`Photo of ${dishName || 'the dish'}`} width={96} height={96} style={{ objectFit: 'cover' }} data-testid="dish-photo-preview" />}
        <Form.Control type="file" accept="image/jpeg,image/png,image/webp,image/gif" disabled={uploading} onChange={(event) => void choose((event.target as HTMLInputElement).files?.[0])} />
        {image && (
          <Button variant="outline-secondary" size="sm" onClick={() => onChange(null)}>
            Remove photo
          </Button>
        )}
      </div>
      {uploading && <p role="status">Uploading the photo…</p>}
    </Form.Group>
  );
}
