import Spinner from 'react-bootstrap/Spinner';
import { mediaUrl, type MediaImage } from '../../../../../src/shared/media';
import { errorText } from '../../../app/serverMessage';
import { useMediaImagesQuery } from '../../media/mediaApi';

/** The link of an image's version fit for `wanted` px: the narrowest at least that wide, else its largest. */
export function pictureLink(image: MediaImage, wanted: number): string {
  const widths = [...image.widths].sort((a, b) => a.width - b.width);
  const fit = widths.find((version) => version.width >= wanted) ?? widths[widths.length - 1];
  return fit ? mediaUrl(image.id, fit.width) : image.url;
}

/**
 * The media library in a settings form: a button per picture ("Add <name>"); uploads and alt text are the image
 * picker's (/admin/elfinder/popup), this only chooses. `onPick` gets the image.
 */
export function LibraryPictures({ onPick, verb = 'Add' }: { onPick(image: MediaImage): void; verb?: string }) {
  const { data: images, error, isLoading } = useMediaImagesQuery('');
  if (isLoading) return <Spinner animation="border" size="sm" role="status" aria-label="Loading the library" />;
  if (error) return <p role="alert" className="text-danger">{errorText(error)}</p>;
  if (!images || images.length === 0) return <p className="small">The library has no pictures yet: upload some with the text editor's Picture button.</p>;
  return (
    <ul className="part-library" aria-label="The media library" data-testid="part-library">
      {images.map((image) => (
        <li key={image.id}>
          <button type="button" onClick={() => onPick(image)} aria-label={`${verb} ${image.name}`} title={image.name}>
            <img src={pictureLink(image, 1)} alt="" />
          </button>
        </li>
      ))}
    </ul>
  );
}
