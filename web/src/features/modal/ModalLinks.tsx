import { lazy, Suspense, useEffect, useState } from 'react';
import { modalLookOf, type ModalLook } from '../../../../src/shared/rich-text-allow-list';

const LinkModal = lazy(() => import('./LinkModal'));

export interface ModalLinkOpened {
  href: string;
  look: ModalLook;
  title: string;
  /** A new one each time a link is followed, so a second click loads afresh. */
  serial: number;
}

/**
 * The generic modal (issue 39 item 5; staff spec §2, §7): a link of the site's rich text marked `data-modal` opens
 * in a pop-up that GETs its href, shows the answer cleaned by the one allow-list, and clears it when hidden. This
 * listens for such clicks anywhere on the page; the pop-up itself is fetched on the first one. A click with a
 * modifier key, or inside the editor, is left to the browser.
 */
export function ModalLinks() {
  const [opened, setOpened] = useState<ModalLinkOpened | null>(null);
  useEffect(() => {
    let serial = 0;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[data-modal]') : null;
      const look = modalLookOf(link?.getAttribute('data-modal'));
      if (!link || !look || link.closest('[contenteditable="true"]')) return;
      event.preventDefault();
      serial += 1;
      setOpened({ href: link.getAttribute('href') ?? '', look, title: link.textContent?.trim() || 'More', serial });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LinkModal key={opened.serial} opened={opened} onClosed={() => setOpened(null)} />
    </Suspense>
  );
}
