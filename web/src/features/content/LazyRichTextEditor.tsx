import { lazy, Suspense } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import type { RichTextEditorProps } from './RichTextEditor';

const RichTextEditor = lazy(() => import('./RichTextEditor').then((module) => ({ default: module.RichTextEditor })));

/** The rich-text editor, fetched the first time one is shown (TipTap stays out of every other page's download). */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <p role="status">
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
          Loading the editor…
        </p>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
