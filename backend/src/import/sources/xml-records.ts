import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ImportFileError } from '../import-model';

/** One element of a record, small enough to hold: a WordPress <item> or a Blogger <entry> with all it contains. */
export interface XmlElement {
  /** The name with this reader's prefix for its namespace ('wp:post_id'), whatever prefix the file bound to it. */
  name: string;
  /** Attributes by the same kind of name; namespace declarations are left out. */
  attributes: Record<string, string>;
  /** The element's own text and CDATA, not its children's. */
  text: string;
  children: XmlElement[];
}

export interface XmlRecordsOptions {
  /** What the file is said to be, for messages: «The WordPress export is malformed at line 12: …». */
  label: string;
  /** Names of the element whose children are the records, from the root: ['rss', 'channel'], ['feed']. */
  container: readonly string[];
  /** The prefix this reader gives a namespace ('' for the one its names go without), or undefined for any other. */
  prefixOf(uri: string): string | undefined;
}

const XMLNS_URI = 'http://www.w3.org/2000/xmlns/';
const READ_CHUNK_BYTES = 64 * 1024;
// XML 1.0 forbids these; some WordPress exports carry them (pasted from word processors). They are dropped rather
// than refusing an export that is otherwise whole.
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

function qualifiedName(uri: string, local: string, options: XmlRecordsOptions): string {
  const prefix = options.prefixOf(uri);
  if (prefix === undefined) return `{${uri}}${local}`;
  return prefix === '' ? local : `${prefix}:${local}`;
}

function elementOf(tag: SaxesTagNS, options: XmlRecordsOptions): XmlElement {
  const attributes: Record<string, string> = {};
  for (const attribute of Object.values(tag.attributes)) {
    if (attribute.uri === XMLNS_URI || attribute.name === 'xmlns') continue;
    attributes[attribute.uri ? qualifiedName(attribute.uri, attribute.local, options) : attribute.local] = attribute.value;
  }
  return { name: qualifiedName(tag.uri, tag.local, options), attributes, text: '', children: [] };
}

/**
 * Reads an XML export as a stream and yields the children of its container element one at a time, each as a small
 * tree: a 100 MB WordPress export never sits in memory, only the item being read. The whole file must be well-formed
 * XML: anything else (a truncated file, a stray tag) throws ImportFileError with the line where it went wrong.
 */
export async function* xmlRecords(path: string, options: XmlRecordsOptions): AsyncGenerator<XmlElement> {
  const parser = new SaxesParser({ xmlns: true });
  const openNames: string[] = [];
  const building: XmlElement[] = [];
  const ready: XmlElement[] = [];
  let containerSeen = false;

  const atContainer = () =>
    openNames.length === options.container.length && options.container.every((name, index) => openNames[index] === name);

  parser.on('opentag', (tag) => {
    const element = elementOf(tag, options);
    if (openNames.length === 0 && element.name !== options.container[0]) {
      throw new ImportFileError(`The ${options.label} does not start with <${options.container[0]}> but <${tag.name}>`);
    }
    if (building.length > 0) {
      building[building.length - 1].children.push(element);
      building.push(element);
    } else if (atContainer()) {
      building.push(element);
    }
    openNames.push(element.name);
    if (atContainer()) containerSeen = true;
  });
  const addText = (text: string) => {
    if (building.length > 0) building[building.length - 1].text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    openNames.pop();
    const element = building.pop();
    if (element && building.length === 0) ready.push(element);
  });

  const parse = (step: () => void) => {
    try {
      step();
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      const message = (error as Error).message.replace(/^\d+:\d+: /, '');
      throw new ImportFileError(`The ${options.label} is malformed at line ${parser.line}: ${message}`);
    }
  };

  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: READ_CHUNK_BYTES });
  for await (const chunk of stream as AsyncIterable<string>) {
    parse(() => parser.write(chunk.replace(FORBIDDEN_CHARACTERS, '')));
    yield* ready.splice(0);
  }
  parse(() => parser.close());
  yield* ready.splice(0);
  if (!containerSeen) {
    throw new ImportFileError(`The ${options.label} has no <${options.container[options.container.length - 1]}> element`);
  }
}

/** The first child element of that name, or undefined. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((candidate) => candidate.name === name);
}

/** Every child element of that name, in the file's order. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((candidate) => candidate.name === name);
}

/** The trimmed text of the first child of that name, or '' when there is none. */
export function childText(element: XmlElement, name: string): string {
  return child(element, name)?.text.trim() ?? '';
}

/** The first child's text trimmed, or null when it is missing or empty. */
export function optionalText(element: XmlElement, name: string): string | null {
  return childText(element, name) || null;
}
