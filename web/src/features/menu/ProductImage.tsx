import { useState } from 'react';
import { useShopSettings } from '../settings/useShopSettings';

/**
 * A product's picture, or the shop's missing_product_image placeholder when it has none or it fails to load.
 * Squared by the area it sits in (useSquareProductImages).
 */
export function ProductImage({ src, alt, className = '' }: { src: string | null; alt: string; className?: string }) {
  const { missingProductImage } = useShopSettings();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : missingProductImage;
  if (!usable) return null;

  return (
    <img
      src={usable}
      alt={alt}
      loading="lazy"
      className={`product-image ${className}`.trim()}
      onError={() => {
        if (src && usable === src) setFailedSrc(src);
      }}
      data-testid="product-image"
    />
  );
}
