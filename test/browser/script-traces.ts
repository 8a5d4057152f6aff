import type { Page } from 'playwright-core';

/** What would show that script ran or could run: a dialog it opened, or a handler or script URL left in the page. */
export async function scriptTracesIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((within) => {
    const dom = globalThis as unknown as { document: { querySelectorAll(selector: string): ArrayLike<{ tagName: string; attributes: ArrayLike<{ name: string; value: string }> }> } };
    const found: string[] = [];
    for (const element of Array.from(dom.document.querySelectorAll(`${within} *`))) {
      const tag = element.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'base', 'link', 'meta'].includes(tag)) found.push(`<${tag}>`);
      for (const attribute of Array.from(element.attributes)) {
        if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
        if (/^\s*(javascript|vbscript|data):/i.test(attribute.value)) found.push(`${tag}[${attribute.name}=${attribute.value.slice(0, 30)}]`);
      }
    }
    return found;
  }, selector);
}
