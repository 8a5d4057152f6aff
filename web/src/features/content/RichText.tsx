/**
 * Rich text as the server stored it: cleaned there through the site's one allow-list (src/shared/rich-text.ts)
 * on every save, so it is shown as HTML; it never comes from what a browser sent without that cleaning.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  if (html === '') return null;
  return <div className={`rich-text ${className ?? ''}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />;
}
