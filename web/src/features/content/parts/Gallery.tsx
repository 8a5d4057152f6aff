import { useEffect, useRef, useState } from 'react';
import { srcsetOfLink } from '../../../../../src/shared/media';
import { DEFAULT_GALLERY_COLUMNS, galleryShown, gallerySizes, ratioClass } from '../../../../../src/shared/part-layout';
import { NoPicturesYet } from './NoPicturesYet';
import type { PartViewProps } from './partKinds';

/**
 * A gallery part (customer spec §9): its pictures in a grid of the wanted columns, fewer on a narrow screen (the
 * CSS of part-layout.ts, so the server's render is right at any width), each at its ratio with its caption. The
 * first batch renders at once; each time the grid's bottom comes into view, the next batch.
 */
export default function Gallery({ settings, label }: PartViewProps<'gallery'>) {
  const images = settings.images ?? [];
  const [loads, setLoads] = useState(0);
  const shown = galleryShown(images.length, loads);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = bottom.current;
    if (shown >= images.length || !node) return;
    // A new observer per batch: it reports at once whether the bottom is still in view, and then loads again.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setLoads((count) => count + 1);
    }, { rootMargin: '0px 0px 200px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [shown, images.length]);

  if (images.length === 0) return <NoPicturesYet what="pictures" />;
  return (
    <>
      <ul className="part-gallery" data-columns={settings.columns ?? DEFAULT_GALLERY_COLUMNS} aria-label={label} data-testid="gallery">
        {images.slice(0, shown).map((image, index) => (
          <li key={`${index}-${image.pic}`}>
            <figure>
              <div className={`part-frame ${ratioClass(image.ratio)}`}>
                <img src={image.pic} srcSet={srcsetOfLink(image.pic)} sizes={gallerySizes(settings.columns)} alt={image.alt} loading="lazy" decoding="async" />
              </div>
              {image.caption && <figcaption className="part-caption">{image.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
      {shown < images.length && <div ref={bottom} className="part-gallery-more" data-testid="gallery-more" aria-hidden="true" />}
    </>
  );
}
