/** The demo's drawings, shown while a setting holds no uploaded image (the settings' empty default). */
export const DEMO_LOGO = '/images/brand/logo.svg';
export const DEMO_HERO = '/images/brand/hero.svg';
