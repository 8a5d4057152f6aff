import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PurgeCSS } from 'purgecss';
import type { Plugin } from 'vite';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const bootstrapEsm = path.join(repositoryRoot, 'node_modules', 'react-bootstrap', 'esm');

/** What the shop's own code is written in: every class it sets by name is in here. */
const APP_SOURCES = ['web/src', 'src/shared', 'web/index.html'];
const SOURCE_FILE = /\.(tsx?|html)$/;

/**
 * What neither scan can see:
 * - the elements of the HTML the server sends as text: the delivery-charge summary (modules/delivery/charges.ts,
 *   shown through dangerouslySetInnerHTML) is a `ul` of `li` and a `p`;
 * - the form feedback classes: react-bootstrap's Feedback joins its `type` prop ('valid', 'invalid'), which is not
 *   one of its prefixes, to 'feedback' or 'tooltip' (`${type}-${tooltip ? 'tooltip' : 'feedback'}`). Without
 *   them a valid settings field showed its "Between 1 and 600" hint.
 * Add here, with the reason, whatever else appears.
 */
const SAFELIST = ['ul', 'li', 'p', 'valid-feedback', 'invalid-feedback', 'valid-tooltip', 'invalid-tooltip'];

const read = (file: string) => fs.readFileSync(file, 'utf8');

function appSourceFiles(): string[] {
  return APP_SOURCES.flatMap((source) => {
    const absolute = path.join(repositoryRoot, source);
    if (!fs.statSync(absolute).isDirectory()) return [absolute];
    return fs
      .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
      .filter((file) => SOURCE_FILE.test(file))
      .map((file) => path.join(absolute, file));
  });
}

/**
 * The react-bootstrap files the app can run: those it imports and what they import in turn. Scanning only these
 * keeps the accordion's, carousel's and
 * dropdown's rules out until some page uses one.
 */
function reactBootstrapFiles(appTexts: string[]): string[] {
  const pending = appTexts.flatMap((text) =>
    [...text.matchAll(/from ['"]react-bootstrap(?:\/(\w+))?['"]/g)].map((match) => path.join(bootstrapEsm, `${match[1] ?? 'index'}.js`)),
  );
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const match of read(file).matchAll(/(?:from|import) '\.\/([\w.]+?)(?:\.js)?'/g)) pending.push(path.join(bootstrapEsm, `${match[1]}.js`));
  }
  return [...seen];
}

/**
 * Every word of the string and template literals in these files: the values the app hands react-bootstrap
 * ('outline-danger', 'sm'), and the pieces react-bootstrap adds (`${dialogClass}-centered`, 'striped').
 */
function literalWords(texts: string[]): Set<string> {
  const words = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/(?<!\w)'([^'\n]*)'(?!\w)|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const piece of (match[1] ?? match[2] ?? match[3]).split(/[^\w-]+/)) {
        const word = piece.replace(/^-+|-+$/g, '');
        if (/^[a-z0-9][a-z0-9-]*$/.test(word)) words.add(word);
      }
    }
  }
  return words;
}

/**
 * The grid classes Row and Col build from breakpoint props: `<Col md={4}>` is `col-md-4`, `<Row xs={1}>` is
 * `row-cols-1`, `<Col md={{ span: 4, offset: 2 }}>` adds `offset-md-2`. Read from the props themselves, so the
 * grid's hundreds of other rules go.
 */
function gridClasses(appTexts: string[]): string[] {
  const classes: string[] = [];
  for (const text of appTexts) {
    for (const [, breakpoint, expression = '', quoted] of text.matchAll(/\b(xs|sm|md|lg|xl|xxl)=(?:\{((?:[^{}]|\{[^{}]*\})*)\}|"([^"]*)")/g)) {
      const infix = breakpoint === 'xs' ? '' : `-${breakpoint}`;
      const values = quoted !== undefined ? [quoted] : [...expression.matchAll(/\b(\d+|auto|true)\b|'(\w+)'/g)].map((match) => match[1] ?? match[2]);
      for (const value of values) {
        if (value === 'true') classes.push(`col${infix}`);
        else classes.push(`col${infix}-${value}`, `row-cols${infix}-${value}`);
      }
      for (const [, kind, value] of expression.matchAll(/\b(offset|order):\s*'?(\w+)/g)) classes.push(`${kind}${infix}-${value}`);
    }
    // A wrapper's default, as NumberField's `sm = 4`, handed on as `sm={sm}`.
    for (const [, breakpoint, value] of text.matchAll(/\b(xs|sm|md|lg|xl|xxl) = (\d+)\b/g)) {
      const infix = breakpoint === 'xs' ? '' : `-${breakpoint}`;
      classes.push(`col${infix}-${value}`, `row-cols${infix}-${value}`);
    }
  }
  return classes;
}

/**
 * react-bootstrap builds most modifier classes at run time: `${prefix}-${variant}`, `${bsPrefix}-${size}`,
 * `spinner-${animation}`, `${dialogClass}-centered`. Such a class is kept when it is one of the components'
 * prefixes (each component's default bsPrefix, or the fixed head of a template such as `bg-${bg}`) followed by
 * pieces that are words of the string literals in the app or in those react-bootstrap files.
 */
function builtClassFilter(esmTexts: string[], pieces: Set<string>): (className: string) => boolean {
  const prefixes = new Set<string>();
  for (const text of esmTexts) {
    for (const [, prefix] of text.matchAll(/useBootstrapPrefix\([^,()]*, '([\w-]+)'\)/g)) prefixes.add(prefix);
    for (const [, head] of text.matchAll(/`([a-z][\w-]*)-\$\{/g)) prefixes.add(head);
  }
  // The grid's classes come from the breakpoint props themselves (gridClasses): here any number would do.
  for (const grid of ['col', 'row']) prefixes.delete(grid);
  // Whether `parts` (a class split on '-') can be read as words of `pieces`, each word one or more parts.
  const readable = (parts: string[]): boolean =>
    parts.length === 0 || parts.some((_, end) => pieces.has(parts.slice(0, end + 1).join('-')) && readable(parts.slice(end + 1)));
  return (className) => {
    const parts = className.split('-');
    return parts.some((_, end) => end < parts.length - 1 && prefixes.has(parts.slice(0, end + 1).join('-')) && readable(parts.slice(end + 1)));
  };
}

/** Every class named in a stylesheet. */
const classesIn = (css: string) => new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]));

/**
 * Trims Bootstrap's stylesheet, at build time, to the rules the shop can use (issue 18 item 2: the menu page's
 * one render-blocking stylesheet was 231 KB, about 207 KB of it unused). It works on the CSS module before Vite
 * bundles and hashes it, so the asset's name changes whenever the trimmed content does and a year's immutable
 * caching stays safe. The dev server keeps the whole stylesheet.
 */
export function trimBootstrapCss(): Plugin {
  return {
    name: 'takeaway-trim-bootstrap-css',
    apply: 'build',
    enforce: 'pre',
    async transform(css, id) {
      if (!id.replace(/\?.*$/, '').endsWith('bootstrap/dist/css/bootstrap.min.css')) return null;
      const appFiles = appSourceFiles();
      const appTexts = appFiles.map(read);
      const esmFiles = reactBootstrapFiles(appTexts);
      const esmTexts = esmFiles.map(read);
      const built = builtClassFilter(esmTexts, literalWords([...appTexts, ...esmTexts]));
      const [trimmed] = await new PurgeCSS().purge({
        content: [...appFiles, ...esmFiles, { raw: gridClasses(appTexts).join(' '), extension: 'txt' }],
        css: [{ raw: css }],
        safelist: { standard: [...SAFELIST, ...[...classesIn(css)].filter(built)] },
        // Keyframes no kept rule names go; custom properties all stay (inline styles and the shop's own CSS use them).
        keyframes: true,
        variables: false,
      });
      return { code: trimmed.css, map: null };
    },
  };
}
