import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

hljs.registerLanguage('bash', bash);
hljs.registerLanguage('css', css);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('python', python);
hljs.registerLanguage('sql', sql);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('xml', xml);
hljs.registerLanguage('yaml', yaml);
hljs.registerAliases(['js', 'jsx'], { languageName: 'javascript' });
hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
hljs.registerAliases(['html'], { languageName: 'xml' });
hljs.registerAliases(['sh', 'shell'], { languageName: 'bash' });

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const CODE_BLOCK = /<pre(\s[^>]*)?>\s*<code(\s[^>]*)?>([\s\S]*?)<\/code>\s*<\/pre>/gi;

/**
 * Syntax-highlights the code blocks of a post's (already sanitised) HTML. Pure string work, so the server and the
 * browser produce the same markup. Blocks read left-to-right inside the right-to-left page.
 */
export function highlightCodeBlocks(html: string): string {
  return html.replace(CODE_BLOCK, (_whole, _preAttrs: string | undefined, codeAttrs: string | undefined, body: string) => {
    const language = /class="[^"]*\blanguage-([\w+-]+)/i.exec(codeAttrs ?? '')?.[1]?.toLowerCase();
    const code = decodeEntities(body.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, ''));
    let result: { value: string; language?: string };
    if (language && hljs.getLanguage(language)) result = hljs.highlight(code, { language, ignoreIllegals: true });
    else if (language) result = { value: hljs.highlight(code, { language: 'plaintext', ignoreIllegals: true }).value, language };
    else result = hljs.highlightAuto(code);
    const lang = result.language ?? language ?? 'plaintext';
    return `<pre dir="ltr" tabindex="0" data-language="${lang}"><code class="hljs language-${lang}">${result.value}</code></pre>`;
  });
}
