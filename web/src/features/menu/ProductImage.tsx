import { useState } from 'react';
import { useShopSettings } from '../settings/useShopSettings';

/**
 * A product's picture, or the shop's missing_product_image placeholder when it has none or it fails to load.
 * Squared by the area it sits in (useSquareProductImages). `eager` for a picture on the first screen.
 */
export function ProductImage({
  src,
  srcSet = null,
  sizes,
  alt,
  className = '',
  eager = false,
}: {
  src: string | null;
  /** An uploaded photo's stored widths, so a phone downloads the small one. */
  srcSet?: string | null;
  sizes?: string;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const { missingProductImage } = useShopSettings();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : missingProductImage;
  if (!usable) return null;

  return (
    <img
      src={usable}
      srcSet={usable === src && srcSet ? srcSet : undefined}
      sizes={usable === src && srcSet ? sizes : undefined}
      alt={alt}
      // Every picture of the menu is square (400 px); the size reserves its space before it loads. Those
      // the first screen shows load at once, the rest as they come near.
      width={400}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      className={`product-image ${className}`.trim()}
      onError={() => {
        if (src && usable === src) setFailedSrc(src);
      }}
      data-testid="product-image"
    />
  );
}
