/** What a page that could not be shown says (web/src/components/PageErrorBoundary.tsx). */
export const PAGE_FAILED = 'Sorry, this page could not be shown. Reloading it usually helps (the shop may have been updated).';
