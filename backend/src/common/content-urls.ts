import { Parser } from 'htmlparser2';
import { escapeXml } from './xml';

/** The attribute that holds each tag's address. */
const ADDRESSES = { a: 'href', img: 'src' } as const;

export type AddressTag = keyof typeof ADDRESSES;

const isAddressTag = (name: string): name is AddressTag => Object.hasOwn(ADDRESSES, name);

/**
 * Post or page HTML with the address of every link (`href`) and image (`src`) passed through `rewrite`, and every
 * other character as it was. An HTML parser (htmlparser2, sanitize-html's own) finds the attributes, so an address in
 * text (a code sample showing `<img src="/x">`) is left alone; only the attribute whose value changes is written
 * again, as `name="value"` (escaped). `rewrite` gets the value decoded (`&amp;` as `&`). Writing the whole document
 * again through sanitize-html would do the same some eight times slower and would respell what it does not change.
 */
export function rewriteContentUrls(html: string, rewrite: (url: string, tag: AddressTag) => string): string {
  let result = '';
  let copied = 0;
  let tag: AddressTag | undefined;
  const parser: Parser = new Parser({
    onopentagname(name) {
      tag = isAddressTag(name) ? name : undefined;
    },
    onattribute(name, value) {
      if (tag === undefined || ADDRESSES[tag] !== name) return;
      const current = tag;
      // only the first (browsers read the first of an attribute written twice)
      tag = undefined;
      const replacement = rewrite(value, current);
      if (replacement === value) return;
      // The parser's indices of this event: the attribute from its name to the end of its value.
      result += `${html.slice(copied, parser.startIndex)}${name}="${escapeXml(replacement)}"`;
      copied = parser.endIndex;
    },
  });
  parser.end(html);
  return result + html.slice(copied);
}
