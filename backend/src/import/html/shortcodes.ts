import { element, isElement, isText, parseHtml, serializeHtml, text, type ChildNode, type Element } from './dom';
import { youtubeEmbed, youtubeId } from './youtube';

/** What WordPress knows of the blog's attachments, for galleries. */
export interface AttachmentLookup {
  /** The file URL of the attachment with this WordPress post id. */
  attachmentUrl?(id: string): string | undefined;
  /** The images attached to the entry, in order: what a [gallery] without ids shows. */
  attachedImageUrls?: readonly string[];
}

interface Shortcode {
  attributes: Record<string, string>;
  positional: string[];
  /** Everything between the name and «]», as written («=https://…» for [youtube=https://…]). */
  raw: string;
  content: string | null;
}

/**
 * The shortcodes that matter to a blog's content, and the syntax WordPress gives every shortcode: «[name attributes]»,
 * «[name attributes]content[/name]», and «[[name]]» for the literal text «[name]». Others are left as text.
 */
const SHORTCODE =
  /\[(\[?)(caption|wp_caption|gallery|embed|youtube|code|sourcecode)(?![\w-])((?:[^\]"']|"[^"]*"|'[^']*')*?)(\/)?\](?:([\s\S]*?)\[\/\2\])?(\]?)/g;
const ATTRIBUTE = /([\w-]+)\s*=\s*"([^"]*)"|([\w-]+)\s*=\s*'([^']*)'|([\w-]+)\s*=\s*([^\s'"]+)|"([^"]*)"|'([^']*)'|(\S+)/g;

function parseAttributes(raw: string): Pick<Shortcode, 'attributes' | 'positional'> {
  // The visual editor sometimes stores typographic or encoded quotes around attribute values.
  const normalised = raw.replace(/[\u201c\u201d\u2033]|&quot;|&#8221;|&#8220;|&#8243;/g, '"');
  const attributes: Record<string, string> = {};
  const positional: string[] = [];
  for (const match of normalised.matchAll(ATTRIBUTE)) {
    const name = match[1] ?? match[3] ?? match[5];
    if (name !== undefined) attributes[name.toLowerCase()] = match[2] ?? match[4] ?? match[6] ?? '';
    else positional.push(match[7] ?? match[8] ?? match[9] ?? '');
  }
  return { attributes, positional };
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * [code lang="js"] and [sourcecode language="js"] (SyntaxHighlighter, Jetpack) as the editor's code block. The code is
 * text: escaped, unless it holds no «<» or «>» at all, in which case it was saved already escaped (as those plugins
 * do from the visual editor) and goes in as it is.
 */
function codeBlock(shortcode: Shortcode): string {
  const code = (shortcode.content ?? '').replace(/^\r?\n/, '').replace(/\r?\n\s*$/, '');
  const language = (shortcode.attributes.lang ?? shortcode.attributes.language ?? shortcode.positional[0] ?? '')
    .toLowerCase()
    .replace(/[^\w+#-]/g, '');
  const body = /[<>]/.test(code) ? escapeText(code) : code;
  return `<pre dir="ltr"><code${language ? ` class="language-${language}"` : ''}>${body}</code></pre>`;
}

/**
 * [caption]<a><img></a> The caption[/caption] (or the older caption="…" attribute) as a figure: the picture and its
 * caption. The link around the picture goes: the editor's images carry none.
 */
function captionedImage(shortcode: Shortcode): string | null {
  const fragment = parseHtml(shortcode.content ?? '');
  const nodes = [...fragment.children];
  const imageIndex = nodes.findIndex(
    (node) => isElement(node) && (node.name === 'img' || (node.name === 'a' && node.children.some((inner) => isElement(inner, 'img')))),
  );
  if (imageIndex < 0) return shortcode.content;
  const holder = nodes[imageIndex] as Element;
  const image = holder.name === 'img' ? holder : holder.children.find((inner): inner is Element => isElement(inner, 'img'))!;
  const rest = nodes.filter((_, index) => index !== imageIndex);
  const caption: ChildNode[] =
    shortcode.attributes.caption !== undefined ? [...parseHtml(shortcode.attributes.caption).children] : trimmedNodes(rest);
  const hasCaption = caption.some((node) => !isText(node) || node.data.trim() !== '');
  return serializeHtml(element('figure', {}, hasCaption ? [image, element('figcaption', {}, caption)] : [image]));
}

function trimmedNodes(nodes: ChildNode[]): ChildNode[] {
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  if (isText(first)) first.data = first.data.replace(/^\s+/, '');
  if (isText(last)) last.data = last.data.replace(/\s+$/, '');
  return nodes;
}

/** [gallery ids="1,2"] (or include="…", or no ids: the entry's attached images) as its pictures, one after another. */
function gallery(shortcode: Shortcode, lookup: AttachmentLookup): string {
  const ids = shortcode.attributes.ids ?? shortcode.attributes.include;
  const urls =
    ids === undefined
      ? [...(lookup.attachedImageUrls ?? [])]
      : ids
          .split(',')
          .map((id) => lookup.attachmentUrl?.(id.trim()))
          .filter((url): url is string => Boolean(url));
  if (urls.length === 0) return '';
  return serializeHtml(
    element(
      'figure',
      {},
      urls.map((src) => element('img', { src })),
    ),
  );
}

/** A YouTube address as the editor's embed; any other address as a link on its own line. */
function embed(url: string): string | null {
  const id = youtubeId(url);
  if (id) return serializeHtml(youtubeEmbed(id));
  if (!/^https?:\/\/\S+$/.test(url)) return null;
  return serializeHtml(element('p', {}, [element('a', { href: url }, [text(url)])]));
}

/** [youtube=URL], [youtube URL] (Jetpack) and [youtube id] as the editor's embed. */
function youtube(shortcode: Shortcode): string | null {
  const value = shortcode.raw.trim().startsWith('=')
    ? shortcode.raw.trim().slice(1)
    : (shortcode.positional[0] ?? shortcode.attributes.id ?? '');
  const id = youtubeId(value) ?? (/^[\w-]{11}$/.test(value) ? value : null);
  return id ? serializeHtml(youtubeEmbed(id)) : null;
}

function render(name: string, shortcode: Shortcode, lookup: AttachmentLookup): string | null {
  switch (name) {
    case 'code':
    case 'sourcecode':
      return codeBlock(shortcode);
    case 'caption':
    case 'wp_caption':
      return captionedImage(shortcode);
    case 'gallery':
      return gallery(shortcode, lookup);
    case 'embed':
      return embed((shortcode.content ?? '').trim());
    default:
      return youtube(shortcode);
  }
}

/** The shortcodes of a WordPress entry made HTML; unknown ones, and ones that cannot be made sense of, stay as text. */
export function expandShortcodes(content: string, lookup: AttachmentLookup): string {
  return content.replace(SHORTCODE, (whole, open: string, name: string, raw: string, _slash, inner: string | undefined, close: string) => {
    if (open === '[' && close === ']') return whole.slice(1, -1);
    const shortcode: Shortcode = { ...parseAttributes(raw), raw, content: inner ?? null };
    const html = render(name, shortcode, lookup);
    return html === null ? whole : `${open}${html}${close}`;
  });
}

/** WordPress's auto-embed: a YouTube address alone on its line becomes the video (not inside <pre>). */
export function embedYoutubeLines(content: string): string {
  return content
    .split(/(<pre[\s>][\s\S]*?<\/pre>)/i)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/^[ \t]*(https?:\/\/[^\s<>"]+)[ \t]*$/gm, (line, url: string) => {
            const id = youtubeId(url);
            return id ? serializeHtml(youtubeEmbed(id)) : line;
          }),
    )
    .join('');
}
