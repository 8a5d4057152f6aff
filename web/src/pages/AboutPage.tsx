import { Link } from 'react-router';
import { ABOUT_TAGLINE_FIXTURE } from '../../../src/shared/content-pages';
import { DEMO_HERO } from '../features/brand/brandImages';
import { ABOUT_KEYS } from '../features/brand/aboutKeys';
import { ContentParts } from '../features/content/ContentParts';
import { useContentPageQuery } from '../features/content/contentApi';
import { useGetSettingsQuery } from '../features/settings/settingsApi';
import { useShopSettings } from '../features/settings/useShopSettings';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * /about (issues 32 and 39): the brand's hero photo, then the page's own parts, which admins edit in place: the
 * tagline (its custom fixture) and the about text (its page parts). The footer below is Layout's.
 */
export function AboutPage() {
  const { siteName } = useShopSettings();
  const { data: settings } = useGetSettingsQuery(ABOUT_KEYS);
  const { data: page } = useContentPageQuery('about');
  const hero = text(settings?.hero_image) || DEMO_HERO;
  const tagline = page?.parts.filter((part) => part.container_type === 'custom fixture' && part.container === ABOUT_TAGLINE_FIXTURE) ?? [];
  const story = page?.parts.filter((part) => part.container_type === 'page') ?? [];

  return (
    <article data-testid="about">
      <img src={hero} alt="" width={960} height={360} className="img-fluid rounded mb-3 w-100 about-hero" fetchPriority="high" />
      <h1 className="h3">About {siteName ?? 'us'}</h1>
      <div className="lead">
        <ContentParts parts={tagline} slug="about" named="the tagline" />
      </div>
      <div className="about-text">
        <ContentParts parts={story} slug="about" named="the about text" />
      </div>
      <p>
        <Link to="/" className="btn btn-primary">
          See the menu
        </Link>
      </p>
    </article>
  );
}
