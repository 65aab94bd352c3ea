import { describe, expect, it } from 'vitest';
import { unsafeSvgReason } from './svgSafety';

const svg = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${attrs}>${inner}</svg>`;

describe('unsafeSvgReason', () => {
  it('lets plain drawings with local references pass', () => {
    for (const ok of [
      svg('<rect width="10" height="10" fill="#8c6"/>'),
      svg(
        '<defs><path id="p" d="M0 0"/></defs><use href="#p"/><use xlink:href = "#p"/>',
        ' xmlns:xlink="http://www.w3.org/1999/xlink"',
      ),
      svg('<rect fill="url(#g)" style="fill: url( \'#g\' )"/>'),
      svg('<image href="data:image/png;base64,AAAA"/>'),
      svg('<text>Sonnenhang &amp; Co &#169; 2026</text>'),
      svg('<!-- Inkscape --><g inkscape:label="Ebene 1" offset="0" opacity=".5"/>'),
    ]) {
      expect(unsafeSvgReason(ok), ok).toBeUndefined();
    }
  });

  it.each([
    ['script', svg('<script>alert(1)</script>'), /Skript/],
    ['namespaced script', svg('<svg:script>alert(1)</svg:script>'), /Skript/],
    ['onload', svg('', ' onload="alert(1)"'), /Ereignis-Handler \(onload\)/],
    ['onmouseover after a slash', svg('<rect/onmouseover=alert(1) />'), /Ereignis-Handler/],
    ['javascript: href', svg('<a href="javascript:alert(1)"/>'), /javascript|externe/],
    ['external href', svg('<a href="http://evil.example/"/>'), /externe Adresse/],
    ['protocol-relative href', svg("<image href='//evil.example/x.png'/>"), /externe Adresse/],
    ['unquoted href', svg('<a href=https://evil.example/>x</a>'), /externe Adresse/],
    ['xlink:href to a file', svg('<image xlink:href="logo.png"/>'), /externe Adresse/],
    ['svg data image', svg('<image href="data:image/svg+xml,%3Csvg%3E"/>'), /externe Adresse/],
    ['foreignObject', svg('<foreignObject/>'), /foreignObject/],
    ['iframe', svg('<iframe src="x"/>'), /Fremdinhalte/],
    ['@import', svg('<style>@import "x.css";</style>'), /@import/],
    ['url() to the web', svg('<rect style="fill:url(http://evil.example/a)"/>'), /url\(http/],
    ['unclosed url(', svg('<rect style="background:url(//evil.example/a"/>'), /url\(/],
    ['image-set', svg('<style>rect{background:image-set("https://x.example/a.png" 1x)}</style>'), /image-set/],
    ['CSS escape', svg('<style>rect{background:u\\72l(https://x.example)}</style>'), /CSS-Escapes|url/],
    ['DOCTYPE', `<!DOCTYPE svg>${svg('')}`, /DOCTYPE/],
    ['ENTITY', `<!ENTITY x "y">${svg('')}`, /ENTITY/],
    ['entity-encoded javascript', svg('<a href="#" to="&#x6A;avascript:alert(1)"/>'), /javascript/],
    ['entity-encoded @import', svg('<style>&#64;import "x.css";</style>'), /@import/],
    ['animated href', svg('<set attributeName="xlink:href" to="#a"/>'), /Animation/],
  ])('refuses %s', (_, text, reason) => {
    expect(unsafeSvgReason(text)).toMatch(reason);
  });
});
