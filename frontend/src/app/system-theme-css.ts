/**
 * The theme without JavaScript (docs/decisions/010). The app's dark and light styles hang on classes the pre-paint
 * script puts on <html>: `.dark …` and `html:not(.dark) …` (theme.ts conditions), and the script always sets either
 * `dark` or `light`. With JavaScript off neither is set, so this rewrites the server's CSS to let the system's
 * preference decide there:
 *
 *   .dark X {…}            stays, and gains  @media (prefers-color-scheme: dark) { html:not(.light) X {…} }
 *   html:not(.dark) X {…}  becomes           @media not all and (prefers-color-scheme: dark) { html:not(.dark) X {…} }
 *                          and gains         @media (prefers-color-scheme: dark) { html.light X {…} }
 *
 * With the script's class set this changes nothing (the author's choice still wins over the system's); without it,
 * a dark system gets the dark styles and only those.
 */
const DARK = /(?:html)?\.dark(?![\w-])/g;
const LIGHT = 'html:not(.dark)';
const DARK_MEDIA = '@media (prefers-color-scheme: dark)';
const NOT_DARK_MEDIA = '@media not all and (prefers-color-scheme: dark)';

export function followSystemThemeWithoutScript(css: string): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = nextTopLevel(css, i, '{;');
    if (open === -1) {
      out += css.slice(i);
      break;
    }
    const prelude = css.slice(i, open);
    if (css[open] === ';') {
      out += css.slice(i, open + 1); // @layer a, b; @import …;
      i = open + 1;
      continue;
    }
    const close = matchingBrace(css, open);
    const block = css.slice(open + 1, close);
    const trimmed = prelude.trim();
    if (/^@(media|supports|layer|container|scope)\b/.test(trimmed)) out += `${prelude}{${followSystemThemeWithoutScript(block)}}`;
    else if (trimmed.startsWith('@'))
      out += `${prelude}{${block}}`; // @font-face, @keyframes: no theme selectors
    else out += rewriteRule(prelude, block);
    i = close + 1;
  }
  return out;
}

function rewriteRule(prelude: string, block: string): string {
  const selectors = splitTopLevel(prelude);
  const light = selectors.filter((s) => s.includes(LIGHT));
  const dark = selectors.filter((s) => !s.includes(LIGHT) && hasDarkClass(s));
  if (light.length === 0 && dark.length === 0) return `${prelude}{${block}}`;
  const others = selectors.filter((s) => !light.includes(s));
  const systemDark = [...dark.map((s) => s.replace(DARK, 'html:not(.light)')), ...light.map((s) => s.split(LIGHT).join('html.light'))];
  return (
    (others.length ? `${others.join(',')}{${block}}` : '') +
    (light.length ? `${NOT_DARK_MEDIA}{${light.join(',')}{${block}}}` : '') +
    `${DARK_MEDIA}{${systemDark.join(',')}{${block}}}`
  );
}

function hasDarkClass(selector: string): boolean {
  DARK.lastIndex = 0;
  return DARK.test(selector);
}

/** The index of the first of `chars` outside strings and parentheses, from `start`; -1 if none. */
function nextTopLevel(css: string, start: number, chars: string): number {
  let depth = 0;
  for (let i = start; i < css.length; i++) {
    const c = css[i]!;
    if (c === '"' || c === "'") i = endOfString(css, i);
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && chars.includes(c)) return i;
  }
  return -1;
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i]!;
    if (c === '"' || c === "'") i = endOfString(css, i);
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length;
}

function endOfString(css: string, quote: number): number {
  for (let i = quote + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === css[quote]) return i;
  }
  return css.length;
}

function splitTopLevel(selectorList: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (;;) {
    const comma = nextTopLevel(selectorList, start, ',');
    if (comma === -1) break;
    parts.push(selectorList.slice(start, comma));
    start = comma + 1;
  }
  parts.push(selectorList.slice(start));
  return parts;
}
