import { describe, expect, it } from 'vitest';
import { compareVersions, htmlToText, unsavedText } from './revision-diff.js';

describe('comparing versions', () => {
  it('turns HTML into paragraphs of text, never markup', () => {
    expect(htmlToText('<p>One &amp; <b>two</b></p><p>Three<br>four</p><script>alert(1)</script><ul><li>a</li></ul>')).toBe('One & two\nThree\nfour\n• a');
    expect(htmlToText('<img src="x" alt="A cat" onerror="alert(1)">')).toBe('[A cat]');
  });

  it('marks the words removed and added, per field, leaving equal fields and when and by whom it was saved out', () => {
    const diffs = compareVersions(
      { id: 1, title: 'Old title', content: '<p>The quick fox</p>', updatedAt: 'a', updatedBy: 'li.lei' },
      { id: 1, title: 'Old title', content: '<p>The slow fox</p>', updatedAt: 'b', updatedBy: 'wang.fang' },
    );
    expect(diffs.map((diff) => diff.field)).toEqual(['content']);
    const parts = diffs[0]!.parts;
    expect(parts.filter((part) => part.removed).map((part) => part.text.trim())).toEqual(['quick']);
    expect(parts.filter((part) => part.added).map((part) => part.text.trim())).toEqual(['slow']);
    expect(parts.map((part) => part.text).join('')).not.toContain('<p>');
  });

  it('compares nested texts in both languages leaf by leaf', () => {
    const diffs = compareVersions({ title: { 'zh-CN': '关于', 'en-US': 'About' } }, { title: { 'zh-CN': '关于我们', 'en-US': 'About' } });
    expect(diffs.map((diff) => diff.field)).toEqual(['title.zh-CN']);
  });

  it('writes unsaved fields as text to paste back', () => {
    expect(unsavedText({ title: 'Mine', content: '<p>My words</p>', summary: '' }, (field) => field.toUpperCase())).toBe('TITLE:\nMine\n\nCONTENT:\nMy words');
  });
});
