import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { DIALOG_HEADER_CLASS } from '../dialog/dialogSlice';
import { cleanInBrowser } from './cleanInBrowser';
import type { ModalLinkOpened } from './ModalLinks';
import { MODAL_TEXTS } from './modalTexts';

type Body = { state: 'loading' } | { state: 'shown'; html: string } | { state: 'refused'; message: string };

const HEADER_CLASS = { plain: '', success: DIALOG_HEADER_CLASS.success, error: DIALOG_HEADER_CLASS.error } as const;

/** Only this site's addresses: any other origin is refused before anything is asked of it. */
function sameOriginUrl(href: string): URL | null {
  try {
    const url = new URL(href, window.location.href);
    return url.origin === window.location.origin ? url : null;
  } catch {
    return null;
  }
}

async function load(url: URL, signal: AbortSignal): Promise<Body> {
  // mode 'same-origin': a redirect to another site fails rather than being followed.
  const response = await fetch(url, { mode: 'same-origin', credentials: 'same-origin', headers: { Accept: 'text/html' }, signal });
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok) {
    const answer = type.includes('application/json') ? ((await response.json().catch(() => null)) as { message?: unknown } | null) : null;
    return { state: 'refused', message: typeof answer?.message === 'string' ? `${MODAL_TEXTS.refused} ${answer.message}.` : MODAL_TEXTS.failed };
  }
  if (!type.startsWith('text/html')) return { state: 'refused', message: MODAL_TEXTS.notAPage };
  return { state: 'shown', html: cleanInBrowser(await response.text()) };
}

/** The pop-up of one marked link: its title the link's words, its body the link's page; emptied when it has gone. */
export default function LinkModal({ opened, onClosed }: { opened: ModalLinkOpened; onClosed(): void }) {
  const [show, setShow] = useState(true);
  const [url] = useState(() => sameOriginUrl(opened.href));
  const [loaded, setLoaded] = useState<Body>({ state: 'loading' });
  useEffect(() => {
    if (!url) return;
    const aborted = new AbortController();
    load(url, aborted.signal).then(setLoaded, () => {
      if (!aborted.signal.aborted) setLoaded({ state: 'refused', message: MODAL_TEXTS.failed });
    });
    return () => aborted.abort();
  }, [url]);
  const body: Body = url ? loaded : { state: 'refused', message: MODAL_TEXTS.otherSite };

  const look = body.state === 'refused' ? 'error' : opened.look;
  return (
    <Modal show={show} onHide={() => setShow(false)} onExited={onClosed} centered size="lg" aria-labelledby="link-modal-title" data-testid="link-modal" data-look={look}>
      <Modal.Header closeButton closeVariant={look === 'plain' ? undefined : 'white'} closeLabel="Close" className={HEADER_CLASS[look]}>
        <Modal.Title id="link-modal-title" as="h2" className="h5">
          {opened.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body data-testid="link-modal-body" aria-busy={body.state === 'loading'}>
        {body.state === 'loading' && <Spinner animation="border" size="sm" role="status" aria-label={MODAL_TEXTS.loading} />}
        {body.state === 'refused' && <p className="mb-0">{body.message}</p>}
        {/* Cleaned by the site's one allow-list (cleanInBrowser) before it is shown. */}
        {body.state === 'shown' && <div className="rich-text" dangerouslySetInnerHTML={{ __html: body.html }} />}
      </Modal.Body>
    </Modal>
  );
}
