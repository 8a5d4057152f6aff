import { useEffect, useState } from 'react';
import { RESIZE_SETTLE_MS, SQUARE_IMAGES_DELAY_MS, SQUARE_IMAGES_MIN_WIDTH_PX } from '../../app/timings';
import { useShopSettings } from '../settings/useShopSettings';
import './ProductImage.css';

/**
 * Spec §4/§9 "Product image squaring", while setting show_square_product_images is on: 2000 ms after the product
 * images of an area load, and again once a window resize settles, they are made square if the widest is over
 * 100 px. Spread the answer on the area's element; `data-square-images` says the last verdict, if any yet.
 */
export function useSquareProductImages<T extends HTMLElement>() {
  const { showSquareProductImages } = useShopSettings();
  const [area, setArea] = useState<T | null>(null);
  const [squared, setSquared] = useState<boolean | undefined>(undefined);

  useEffect(() => {
    if (!showSquareProductImages || !area) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      const widths = Array.from(area.querySelectorAll('img.product-image'), (image) => image.getBoundingClientRect().width);
      setSquared(Math.max(0, ...widths) > SQUARE_IMAGES_MIN_WIDTH_PX);
    };
    const measureAfter = (delayMs: number) => {
      clearTimeout(timer);
      timer = setTimeout(measure, delayMs);
    };
    const afterLoad = () => measureAfter(SQUARE_IMAGES_DELAY_MS);
    const afterResize = () => measureAfter(RESIZE_SETTLE_MS);
    afterLoad(); // for images that loaded before this listened
    // An image's load event does not bubble: it is caught on its way down instead.
    area.addEventListener('load', afterLoad, true);
    window.addEventListener('resize', afterResize);
    return () => {
      clearTimeout(timer);
      area.removeEventListener('load', afterLoad, true);
      window.removeEventListener('resize', afterResize);
    };
  }, [area, showSquareProductImages]);

  const verdict = showSquareProductImages ? squared : false;
  return {
    ref: setArea,
    className: verdict ? 'product-images-square' : undefined,
    'data-square-images': verdict,
  };
}
