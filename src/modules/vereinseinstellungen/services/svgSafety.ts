/**
 * Why an uploaded SVG logo must be refused, or undefined when it is a plain drawing. The logo is
 * served on the app's own origin (Common/GetLogo) and put into letters, so it may neither run code
 * nor load anything from elsewhere (tracking, mixed content, CSS exfiltration). This is a deny
 * check on the text, not a sanitiser: anything doubtful is refused and the user can upload a PNG.
 *
 * XML character references are decoded before a second pass, since `&#106;avascript:` or
 * `&#64;import` mean the same to the browser as the plain spelling. DOCTYPE and ENTITY are refused,
 * so no other entities can hide anything.
 */
export function unsafeSvgReason(svg: string): string | undefined {
  return check(svg) ?? check(decodeCharacterReferences(svg));
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeCharacterReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Targets a link may have: a fragment in the same file, or an embedded raster image. */
function isLocalTarget(value: string): boolean {
  const v = value.trim().toLowerCase();
  return v.startsWith('#') || /^data:image\/(png|jpeg|jpg|gif|webp)[;,]/.test(v);
}

function check(svg: string): string | undefined {
  const s = svg.replace(/\s+/g, ' ');
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(s)) return 'es enthält eine DOCTYPE- oder ENTITY-Deklaration';
  if (/<\s*([\w.-]+:)?script\b/i.test(s)) return 'es enthält ein Skript (<script>)';
  if (/<\s*([\w.-]+:)?(foreignObject|iframe|embed|object|handler|listener)\b/i.test(s)) {
    return 'es enthält eingebettete Fremdinhalte (z. B. <foreignObject>)';
  }
  const event = /[\s"'/;]on[a-z]+\s*=/i.exec(s);
  if (event) return `es enthält einen Ereignis-Handler (${event[0].replace(/^[\s"'/;]/, '').replace(/\s*=$/, '')})`;
  if (/javascript\s*:|vbscript\s*:/i.test(s)) return 'es enthält einen javascript:-Verweis';
  for (const m of s.matchAll(/(?:^|[\s"'/])((?:[\w.-]+:)?(?:href|src))\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (!isLocalTarget(value)) return `es verweist auf eine externe Adresse (${m[1]}="${value.slice(0, 60)}")`;
  }
  // <set>/<animate> could point a link somewhere else after loading.
  if (/attributeName\s*=\s*["']?\s*([\w.-]+:)?href/i.test(s)) return 'es verändert Verweise per Animation';
  if (/@import/i.test(s)) return 'es lädt Stylesheets (@import)';
  // No closing parenthesis needed: CSS ends an unclosed url( at the end of the style.
  for (const m of s.matchAll(/url\s*\(\s*["']?\s*([^)"'<]{0,60})/gi)) {
    const value = (m[1] ?? '').trim();
    if (!value.startsWith('#')) return `es lädt eine Ressource über url(${value})`;
  }
  if (/image-set\s*\(/i.test(s)) return 'es lädt Bilder über image-set()';
  // CSS escapes could spell url( or @import in a way the checks above do not see.
  for (const m of s.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>|\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    if ((m[1] ?? m[2] ?? m[3] ?? '').includes('\\')) return 'es enthält CSS-Escapes';
  }
  return undefined;
}
