/** A heading as the API lists it (PostDetailDto.headings). */
export interface TocHeading {
  level: number;
  id: string;
  text: string;
}

/** An entry of the table of contents, with the headings under it. */
export interface TocEntry {
  id: string;
  text: string;
  children: TocEntry[];
}

/** The posts whose headings make a table of contents worth its room. */
export const MIN_TOC_HEADINGS = 3;

/**
 * The headings nested by level: an h3 under the h2 before it, an h4 under the h3 (or h2) before it. A heading with
 * no higher one before it (a post that starts at h3) stays at the top.
 */
export function tocTree(headings: readonly TocHeading[]): TocEntry[] {
  const top: TocEntry[] = [];
  const open: { level: number; children: TocEntry[] }[] = [{ level: 0, children: top }];
  for (const { level, id, text } of headings) {
    while (open[open.length - 1].level >= level) open.pop();
    const entry: TocEntry = { id, text, children: [] };
    open[open.length - 1].children.push(entry);
    open.push({ level, children: entry.children });
  }
  return top;
}
