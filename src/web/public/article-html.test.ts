import { describe, expect, it } from 'vitest';
import { prepareArticleHtml } from './article-html.js';

describe('prepareArticleHtml', () => {
  it('numbers second-level headings for the table of contents, replacing ids an editor left', () => {
    const { html, headings } = prepareArticleHtml('<h2>First</h2><p>x</p><h2 id="old" class="k">Second <em>part</em></h2>');
    expect(html).toBe('<h2 id="section-1">First</h2><p>x</p><h2 id="section-2" class="k">Second <em>part</em></h2>');
    expect(headings).toEqual([
      { id: 'section-1', text: 'First' },
      { id: 'section-2', text: 'Second part' },
    ]);
  });

  it('makes images load lazily unless the article says otherwise', () => {
    const { html } = prepareArticleHtml('<p><img src="/a.png" alt="a"></p><img loading="eager" src="/b.png">');
    expect(html).toBe('<p><img loading="lazy" decoding="async" src="/a.png" alt="a"></p><img loading="eager" src="/b.png">');
  });
});
