import { useShopSettings } from '../features/settings/useShopSettings';
import { useGetSettingsQuery } from '../features/settings/settingsApi';
import { DEMO_HERO } from '../features/brand/brandImages';
import { ABOUT_KEYS } from '../features/brand/aboutKeys';
import { Link } from 'react-router';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * /about (issue 32): the hero photo and the about text, from the brand settings (their one home; the
 * content-pages issue later builds this page's parts from the same settings). The footer below is Layout's.
 */
export function AboutPage() {
  const { siteName, tagline } = useShopSettings();
  const { data } = useGetSettingsQuery(ABOUT_KEYS);
  const hero = text(data?.hero_image) || DEMO_HERO;
  const paragraphs = text(data?.about_text)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

  return (
    <article data-testid="about">
      <img src={hero} alt="" width={960} height={360} className="img-fluid rounded mb-3 w-100 about-hero" fetchPriority="high" />
      <h1 className="h3">About {siteName ?? 'us'}</h1>
      {tagline && <p className="lead">{tagline}</p>}
      {paragraphs.map((paragraph, at) => (
        <p key={at} className="about-text">
          {paragraph}
        </p>
      ))}
      <p>
        <Link to="/" className="btn btn-primary">
          See the menu
        </Link>
      </p>
    </article>
  );
}
