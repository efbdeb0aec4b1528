import { plainText } from './format.js';

/**
 * The article's HTML as the page shows it: second-level headings get ids for the table of contents,
 * and images load lazily, so a long article's pictures never hold up its text. The HTML was
 * sanitised when it was saved; this only adds attributes.
 */
export function prepareArticleHtml(html: string): { html: string; headings: { id: string; text: string }[] } {
  const headings: { id: string; text: string }[] = [];
  const out = html
    .replace(/<h2(\s[^>]*)?>([\s\S]*?)<\/h2>/g, (_match, attributes: string | undefined, inner: string) => {
      const id = `section-${headings.length + 1}`;
      headings.push({ id, text: plainText(inner, 80) });
      return `<h2 id="${id}"${(attributes ?? '').replace(/\sid="[^"]*"/, '')}>${inner}</h2>`;
    })
    .replace(/<img(?![^>]*\sloading=)/g, '<img loading="lazy" decoding="async"');
  return { html: out, headings };
}
