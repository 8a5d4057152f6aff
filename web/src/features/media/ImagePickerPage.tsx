import { useRef, useState, type ChangeEvent } from 'react';
import { useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { EDITOR_ID, MEDIA_LIMITS, MEDIA_PICKED, MEDIA_TEXTS, mediaUrl, type MediaImage, type MediaPickedMessage } from '../../../../src/shared/media';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { errorText } from '../../app/serverMessage';
import { useDebouncedValue } from '../../app/useDebouncedValue';
import { RequireRole } from '../staff/RequireRole';
import { uploadToLibrary, useChangeAltMutation, useDeleteImageMutation, useMediaImagesQuery } from './mediaApi';

const SEARCH_DELAY_MS = 300;

/**
 * The image picker (staff spec §2: `/admin/elfinder/popup/{editor id}`, opened by the in-place editor 70 % wide,
 * 50 % tall): the media library with search by name, upload, alt text and delete. "Insert" hands the chosen
 * image to the opener (`MediaPickedMessage`, src/shared/media.ts) and closes the window. Admins only.
 */
export function ImagePickerPage() {
  const { editorId = '' } = useParams();
  return (
    <RequireRole role="admin">
      {EDITOR_ID.test(editorId) ? (
        <ImagePicker editorId={editorId} />
      ) : (
        <Alert variant="danger">This picker was opened without an editor to insert into; open it from the editor.</Alert>
      )}
    </RequireRole>
  );
}

function ImagePicker({ editorId }: { editorId: string }) {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim().slice(0, MEDIA_LIMITS.search), SEARCH_DELAY_MS);
  const { data: images, isLoading, isError } = useMediaImagesQuery(settled);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<MediaImage | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  // The image just uploaded stays chosen while the list catches up (or when the search leaves it out).
  const chosen = images?.find((image) => image.id === chosenId) ?? (uploaded?.id === chosenId ? uploaded : null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploading(true);
    setUploadProblem(null);
    setNotice('');
    try {
      const image = await uploadToLibrary(file);
      setUploaded(image);
      setChosenId(image.id);
      setNotice(`Uploaded ${image.name}: describe it, then insert it`);
      dispatch(api.util.invalidateTags(['Media']));
    } catch (error) {
      setUploadProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <section aria-labelledby="picker-heading" data-testid="image-picker">
      <h1 id="picker-heading" className="h3">
        Image library
      </h1>
      <Form.Group controlId="picker-upload" className="mb-3">
        <Form.Label>Upload an image (JPEG, PNG, WebP or GIF)</Form.Label>
        <Form.Control ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp,image/gif" disabled={uploading} onChange={(event) => void upload(event as ChangeEvent<HTMLInputElement>)} />
      </Form.Group>
      {uploadProblem !== null && (
        <Alert variant="danger" role="alert" data-testid="upload-problem">
          {MEDIA_TEXTS.uploadFailed}: {uploadProblem}
        </Alert>
      )}
      <p role="status" className="mb-2" data-testid="picker-status">
        {uploading ? 'Uploading the image…' : notice}
      </p>
      <div className="row g-3">
        <div className="col-md-7">
          <Form.Group controlId="picker-search" className="mb-2">
            <Form.Label>Search by name</Form.Label>
            <Form.Control type="search" value={search} maxLength={MEDIA_LIMITS.search} onChange={(event) => setSearch(event.target.value)} />
          </Form.Group>
          {isLoading ? (
            <Spinner animation="border" role="status" aria-label="Loading the images" />
          ) : isError || !images ? (
            <Alert variant="danger">Sorry, the images could not be fetched. Please reload the page.</Alert>
          ) : (
            <ImageList images={images} chosenId={chosenId} choose={(id) => setChosenId(id)} />
          )}
        </div>
        <div className="col-md-5">
          {chosen ? (
            <ChosenImage key={chosen.id} image={chosen} editorId={editorId} deleted={(name) => (setChosenId(null), setNotice(`${name}: ${MEDIA_TEXTS.deleted}`))} />
          ) : (
            <p className="text-body-secondary">Choose an image to describe and insert it.</p>
          )}
        </div>
      </div>
    </section>
  );
}

function ImageList({ images, chosenId, choose }: { images: MediaImage[]; chosenId: string | null; choose: (id: string) => void }) {
  if (images.length === 0) return <p data-testid="picker-empty">No images match.</p>;
  return (
    <fieldset data-testid="picker-images">
      <legend className="visually-hidden">Images</legend>
      {images.map((image) => {
        const smallest = image.widths[0];
        return (
          <Form.Check key={image.id} type="radio" id={`image-${image.id}`} name="picker-image" className="d-flex align-items-center gap-2 mb-2">
            <Form.Check.Input type="radio" name="picker-image" checked={chosenId === image.id} onChange={() => choose(image.id)} />
            <Form.Check.Label className="d-flex align-items-center gap-2">
              <img src={mediaUrl(image.id, smallest.width)} alt="" width={64} height={Math.max(1, Math.round((64 * smallest.height) / smallest.width))} style={{ objectFit: 'cover' }} />
              <span>
                {image.name}
                <span className="d-block small text-body-secondary">{image.uses === 0 ? 'Not used yet' : `Used ${image.uses} ${image.uses === 1 ? 'time' : 'times'}`}</span>
              </span>
            </Form.Check.Label>
          </Form.Check>
        );
      })}
    </fieldset>
  );
}

function ChosenImage({ image, editorId, deleted }: { image: MediaImage; editorId: string; deleted: (name: string) => void }) {
  const [alt, setAlt] = useState(image.alt);
  const [missing, setMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [changeAlt, altCall] = useChangeAltMutation();
  const [deleteImage, deleteCall] = useDeleteImageMutation();
  const altInput = useRef<HTMLInputElement>(null);
  const largest = image.widths[image.widths.length - 1];

  const insert = async () => {
    setProblem(null);
    const text = alt.trim();
    if (!text) {
      setMissing(true);
      altInput.current?.focus();
      return;
    }
    const opener = window.opener as Window | null;
    if (!opener) {
      setProblem('This picker was not opened by an editor, so there is nowhere to insert the image; open it from the editor.');
      return;
    }
    try {
      const saved = text === image.alt ? image : await changeAlt({ id: image.id, alt: text }).unwrap();
      const message: MediaPickedMessage = { type: MEDIA_PICKED, editorId, image: { url: saved.url, alt: saved.alt, width: largest.width, height: largest.height } };
      opener.postMessage(message, window.location.origin);
      window.close();
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  const remove = async () => {
    setProblem(null);
    try {
      await deleteImage(image.id).unwrap();
      deleted(image.name);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <div data-testid="chosen-image">
      <h2 className="h5">{image.name}</h2>
      <img src={image.url} alt={alt.trim()} width={largest.width} height={largest.height} className="img-fluid mb-2" style={{ maxHeight: 180, width: 'auto' }} />
      {problem !== null && (
        <Alert variant="danger" role="alert" data-testid="picker-problem">
          {problem}
        </Alert>
      )}
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void insert();
        }}
      >
        <Form.Group controlId="picker-alt" className="mb-2">
          <Form.Label>Alt text (what the image shows, for people who cannot see it)</Form.Label>
          <Form.Control
            ref={altInput}
            value={alt}
            maxLength={MEDIA_LIMITS.alt}
            required
            isInvalid={missing && !alt.trim()}
            aria-describedby={missing && !alt.trim() ? 'picker-alt-missing' : undefined}
            onChange={(event) => setAlt(event.target.value)}
          />
          <Form.Control.Feedback type="invalid" id="picker-alt-missing">
            {MEDIA_TEXTS.altRequired}
          </Form.Control.Feedback>
        </Form.Group>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" disabled={altCall.isLoading}>
            Insert
          </Button>
          <Button variant="outline-danger" disabled={deleteCall.isLoading} onClick={() => void remove()}>
            Delete from the library
          </Button>
        </div>
      </Form>
    </div>
  );
}
