import { describe, expect, test } from 'vitest';
import { renderMarkdown, slugify } from '../../../generator/transform/markdown.ts';

describe('markdown', () => {
  test('==phrase== becomes a highlight and keeps emphasis inside', () => {
    expect(renderMarkdown('Keep ==logs for *six* months== always.').html).toBe('<p>Keep <mark>logs for <em>six</em> months</mark> always.</p>\n');
  });

  test('a lone or spaced == is left as text', () => {
    expect(renderMarkdown('a == b and == c').html).toBe('<p>a == b and == c</p>\n');
    expect(renderMarkdown('x ==  spaced== y').html).not.toContain('<mark>');
  });

  test('numbered section headings get stable ids', () => {
    const { html, headings } = renderMarkdown('## 1. Fees & Payment\n\ntext\n\n## 2. Termination\n');
    expect(headings).toEqual([
      { level: 2, text: '1. Fees & Payment', id: 'fees-and-payment' },
      { level: 2, text: '2. Termination', id: 'termination' },
    ]);
    expect(html).toContain('<h2 id="fees-and-payment">');
  });

  test('raw HTML from authors is escaped, not rendered', () => {
    expect(renderMarkdown('<script>alert(1)</script>').html).toContain('&lt;script&gt;');
  });

  test('slugify folds accents', () => {
    expect(slugify('Montréal Québec')).toBe('montreal-quebec');
  });
});

describe('tables', () => {
  test('a table sits in a focusable region named by the heading above it, else by its header row (escaped)', () => {
    const named = renderMarkdown('## 5. Limits\n\n| Rule | Cycle 1 |\n|---|---|\n| Reset | 36 h |\n').html;
    expect(named).toContain('<div class="table-scroll" role="region" tabindex="0" aria-labelledby="limits"><table>');
    expect(named.trim().endsWith('</table></div>')).toBe(true);
    const unnamed = renderMarkdown('| Size "XL" | <b>Price</b> |\n|---|---|\n| 1 | 2 |\n').html;
    expect(unnamed).toContain('<div class="table-scroll" role="region" tabindex="0" aria-label="Size &quot;XL&quot;, &lt;b&gt;Price&lt;/b&gt;"><table>');
  });
});
