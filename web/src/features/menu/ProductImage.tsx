import { useState } from 'react';
import { useShopSettings } from '../settings/useShopSettings';
import './ProductImage.css';

/** A product's picture, or the shop's missing_product_image placeholder when it has none or it fails to load. */
export function ProductImage({ src, alt, className = '' }: { src: string | null; alt: string; className?: string }) {
  const { missingProductImage, showSquareProductImages } = useShopSettings();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : missingProductImage;
  if (!usable) return null;

  return (
    <img
      src={usable}
      alt={alt}
      loading="lazy"
      className={`${className} ${showSquareProductImages ? 'product-image-square' : ''}`.trim()}
      onError={() => {
        if (src && usable === src) setFailedSrc(src);
      }}
      data-testid="product-image"
    />
  );
}
