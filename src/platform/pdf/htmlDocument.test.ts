import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { basePrintCss, htmlDocument } from './htmlDocument';

describe('htmlDocument', () => {
  it('writes a complete UTF-8 page with title, language, print CSS and the body', () => {
    const html = htmlDocument(createElement('p', { className: 'x' }, 'Grüß Gott <Obmann> & Kassier'), {
      title: 'Zahlungsvorschreibung "2025"',
      css: '.x > b { color: red; }',
    });
    expect(html.startsWith('<!doctype html><html lang="de-AT"><head>')).toBe(true);
    expect(html).toMatch(/<meta charset="utf-8"\/>/i);
    expect(html).toContain('<title>Zahlungsvorschreibung &quot;2025&quot;</title>');
    expect(html).toContain('<body><p class="x">Grüß Gott &lt;Obmann&gt; &amp; Kassier</p></body></html>');
    expect(html).toContain('@page { size: A4; margin: 20mm 18mm; }');
    expect(html).toContain('"Liberation Sans", "DejaVu Sans", sans-serif');
    expect(html).toContain('font-size: 10.5pt');
    // Template CSS comes after the base CSS (so it wins) and is not escaped.
    expect(html.indexOf('.x > b { color: red; }')).toBeGreaterThan(html.indexOf('@page'));
  });

  it('cannot be broken out of through the CSS', () => {
    const html = htmlDocument(createElement('p'), { title: 'x', css: '</style><script>alert(1)</script>' });
    // Only one element end tag, and the script text sits inside the style element as inert CSS.
    expect(html.match(/<\/style>/gi)).toHaveLength(1);
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('</style>'));
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('<style>'));
  });

  it('sets language and landscape', () => {
    const html = htmlDocument(createElement('div'), { title: 'Liste', lang: 'de', landscape: true });
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('@page { size: A4 landscape;');
    expect(basePrintCss()).toMatch(/td\.money[^{]*\{[^}]*text-align: right/);
  });
});
