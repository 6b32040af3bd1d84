import { describe, expect, it } from 'vitest';
import { renumberHeadings } from './heading-levels';

describe('renumbered headings of authored HTML', () => {
  it('start under the page title and skip no level', () => {
    expect(renumberHeadings('<h3 class="a">Intro</h3><p>x</p><h5>Detail</h5><h3>More</h3>')).toBe(
      '<h2 class="a">Intro</h2><p>x</p><h3>Detail</h3><h2>More</h2>',
    );
    expect(renumberHeadings('<h1>Big</h1><h2>Small</h2>')).toBe('<h2>Big</h2><h3>Small</h3>');
    expect(renumberHeadings('<p>No headings, <header>kept</header></p>')).toBe('<p>No headings, <header>kept</header></p>');
  });
});
