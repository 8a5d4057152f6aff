import type { CommandContext } from '../../src/core/decider';
import type { ContentPage, ContentPageListed, ContentPart, PartVersion } from '../../src/shared/content-pages';

/** The content read model (projections/content), as the module reads it. */
export interface ContentReadModel {
  /** A page with its parts and the site's header and footer parts, whatever its status. */
  page(slug: string): Promise<ContentPage | undefined>;
  list(): Promise<ContentPageListed[]>;
  /** A part and the page whose stream holds it. */
  part(partId: string): Promise<{ slug: string; part: ContentPart } | undefined>;
  /** Newest first; `by` is the staff login's address. */
  history(partId: string): Promise<PartVersion[]>;
}

/**
 * A dish's long description, which the catalog module owns (issue 39 item 2): the in-place editor saves it through
 * the catalogue's own command. The composition root passes the catalogue in, so content needs no catalog import.
 */
export interface DishDescriptions {
  /** The cleaned description as saved; a DomainError (not_found, invalid) when refused. */
  describe(productId: number, html: string, context: CommandContext): Promise<string>;
  /** The description as it stands, or undefined for no such dish. */
  descriptionOf(productId: number): Promise<string | undefined>;
}

/**
 * The dishes on the customers' menu, which the catalog module owns (issue 39 item 1): a dish part (its picture,
 * its button, its details, several to add) may name only one of them. The composition root fills it from the
 * catalogue's query port.
 */
export interface MenuDishes {
  /** Whether the dish is on the customers' menu now: it exists, is not archived and its category is not hidden. */
  onMenu(productId: number): Promise<boolean>;
}
