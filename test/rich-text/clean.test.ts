import { cleanRichText, richTextCleaning } from '../../src/rich-text';
import { textAsRichText } from '../../src/shared/rich-text-allow-list';
import { XSS_CORPUS, XSS_PAYLOADS } from '../fixtures/xss-corpus';

const REFUSED_ELEMENTS = /<\s*\/?\s*(script|svg|math|iframe|object|embed|style|form|input|base|link|meta|frame|frameset|template|video|audio)\b/i;
const tagsOf = (html: string) => html.match(/<[^>]*>/g) ?? [];

/** What must never be left in cleaned HTML, whatever went in. */
function dangersIn(html: string): string[] {
  const found: string[] = [];
  if (/<\s*script/i.test(html)) found.push('a script element');
  if (REFUSED_ELEMENTS.test(html)) found.push('a refused element');
  for (const tag of tagsOf(html)) {
    if (/^<\s*img\b/i.test(tag) && !/^<img src="\/uploads\/[0-9a-f]{32}-[1-9]\d{0,3}\.webp"/.test(tag)) found.push(`a picture from elsewhere in ${tag}`);
    if (/\son[a-z]+\s*=/i.test(tag)) found.push(`an event handler in ${tag}`);
    if (/(java|vb)script\s*:|data\s*:/i.test(tag)) found.push(`a script or data URL in ${tag}`);
    if (/expression\s*\(|url\s*\(/i.test(tag)) found.push(`a CSS expression or URL in ${tag}`);
    const style = /style="([^"]*)"/.exec(tag)?.[1];
    if (style !== undefined && !/^(font-size: \d+px|text-align: (left|right|center|justify))(; text-align: (left|right|center|justify))?$/.test(style)) found.push(`a style beyond the allow-list in ${tag}`);
  }
  return found;
}

describe('cleanRichText', () => {
  it('holds a corpus of at least 150 payloads of every kind', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(150);
    for (const payloads of Object.values(XSS_CORPUS)) expect(payloads.length).toBeGreaterThanOrEqual(15);
  });

  it.each(Object.keys(XSS_CORPUS))('leaves nothing that runs of the %s payloads, and cleans stably', (kind) => {
    for (const payload of XSS_CORPUS[kind as keyof typeof XSS_CORPUS]) {
      const cleaned = cleanRichText(payload);
      expect({ payload, dangers: dangersIn(cleaned) }).toEqual({ payload, dangers: [] });
      expect({ payload, again: cleanRichText(cleaned) }).toEqual({ payload, again: cleaned });
    }
  });

  it('keeps what the editor writes, unchanged', () => {
    const editor = [
      '<p style="text-align: center">Hello <span style="font-size: 24px">big</span> <strong>bold</strong> <em>it</em> <u>under</u> <s>struck</s></p>',
      '<h2>Two</h2><h3>Three</h3><h4>Four</h4><ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>said</p></blockquote>',
      '<p>line<br />break <a target="_blank" rel="noopener noreferrer" href="https://example.com/menu">site</a> <a href="mailto:hello@example.com" rel="noopener noreferrer">mail</a></p>',
      '<p><span style="font-size: 8px">small</span><span style="font-size: 150px">huge</span></p>',
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="http://example.com">TipTap\'s own link</a></p>',
    ];
    for (const html of editor) expect(richTextCleaning(html)).toEqual({ html, removed: false });
  });

  it("does not call the editor's own way of writing a style a removal", () => {
    expect(richTextCleaning('<p style="text-align: center;"><span style="font-size: 24px;"><strong>Big</strong></span></p>')).toEqual({
      html: '<p style="text-align: center"><span style="font-size: 24px"><strong>Big</strong></span></p>',
      removed: false,
    });
    expect(richTextCleaning('<p><span style="font-size: 24px; color: red">Red</span></p>').removed).toBe(true);
  });

  it('takes away what the allow-list refuses and says so', () => {
    expect(richTextCleaning('<p onclick="x()">Hi</p><h1>Top</h1><span style="font-size: 151px; color: red">x</span><a href="http://example.com">l</a>')).toEqual({
      html: '<p>Hi</p>Top<span>x</span><a href="http://example.com" rel="noopener noreferrer">l</a>',
      removed: true,
    });
  });

  it("keeps a picture only when it is one of the shop's own stored photos, with its alt text and size", () => {
    const own = '<img src="/uploads/0123456789abcdef0123456789abcdef-640.webp" alt="Our dining room" width="640" height="427" />';
    expect(cleanRichText(`<p>Inside</p>${own}`)).toBe(`<p>Inside</p>${own}`);
    expect(cleanRichText('<img src="/uploads/0123456789abcdef0123456789abcdef-640.webp" alt="x" onerror="alert(1)" width="100%" class="big">')).toBe(
      '<img src="/uploads/0123456789abcdef0123456789abcdef-640.webp" alt="x" />',
    );
    for (const elsewhere of ['https://evil.example/a.webp', '/uploads/../secrets-1.webp', 'data:image/png;base64,AAAA', '//evil.example/x.webp']) {
      expect(cleanRichText(`<p>a</p><img src="${elsewhere}" alt="y">`)).toBe('<p>a</p>');
    }
  });

  it('keeps a link\'s pop-up mark (data-modal) only with a look the allow-list names', () => {
    for (const look of ['plain', 'success', 'error']) {
      const html = `<p><a href="/api/pages/terms/fragment" data-modal="${look}" rel="noopener noreferrer">Terms</a></p>`;
      expect(richTextCleaning(html)).toEqual({ html, removed: false });
    }
    expect(richTextCleaning('<p><a href="/terms" data-modal="javascript:alert(1)" data-other="x">Terms</a></p>')).toEqual({
      html: '<p><a href="/terms" rel="noopener noreferrer">Terms</a></p>',
      removed: true,
    });
    expect(cleanRichText('<p data-modal="plain">no link</p>')).toBe('<p>no link</p>');
  });

  it('reads plain text as escaped paragraphs', () => {
    expect(textAsRichText('Fish & chips\n\n<b>hot</b> "now"\r\nend')).toBe('<p>Fish &amp; chips</p><p>&lt;b&gt;hot&lt;/b&gt; &quot;now&quot;</p><p>end</p>');
    expect(cleanRichText(textAsRichText('a < b & c'))).toBe('<p>a &lt; b &amp; c</p>');
  });
});
