/** What the pop-up of a link marked `data-modal` says when it cannot show the link's page (issue 39 item 5). */
export const MODAL_TEXTS = {
  otherSite: 'This link leads to another site, so it cannot open here.',
  notAPage: 'This address does not answer with text that can be shown here.',
  failed: 'Sorry, this could not be loaded. Please try again.',
  loading: 'Loading…',
  /** The server's own sentence (such as 'No such page') follows. */
  refused: 'This could not be shown:',
} as const;
