import { Box } from '@chakra-ui/react';
import { t } from '@/i18n';
import { tocTree, type TocEntry, type TocHeading } from './toc-tree';

/** With a ':', which no heading's id has (rules/heading-ids.ts): no heading of the post can take it. */
const TITLE_ID = 'toc:title';

function TocList({ entries }: { entries: TocEntry[] }) {
  return (
    <ol>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`}>{entry.text}</a>
          {entry.children.length > 0 && <TocList entries={entry.children} />}
        </li>
      ))}
    </ol>
  );
}

/**
 * A post's headings as nested links, rendered on the server and working without JavaScript: a `<details>` that a
 * phone opens and closes (closed at first, so the post starts on the first screen), always open from md up.
 */
export function TableOfContents({ headings }: { headings: readonly TocHeading[] }) {
  return (
    <Box as="nav" aria-labelledby={TITLE_ID} css={tocCss} mb="8" data-testid="toc">
      <details>
        <summary id={TITLE_ID}>{t('post.toc')}</summary>
        <TocList entries={tocTree(headings)} />
      </details>
    </Box>
  );
}

const tocCss = {
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'bg.subtle',
  rounded: 'lg',
  paddingInline: '4',
  paddingBlock: '3',
  '& summary': { fontWeight: 'bold', cursor: 'pointer', unicodeBidi: 'plaintext', textAlign: 'start' },
  '& summary:focus-visible': { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px', rounded: 'sm' },
  '& ol': { listStyleType: 'none', paddingInlineStart: '0', marginTop: '2' },
  '& ol ol': { paddingInlineStart: '4', marginTop: '1' },
  '& li': { marginBlock: '1', lineHeight: '1.7' },
  '& a': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '3px', unicodeBidi: 'plaintext' },
  // From md up the list is always shown (the details' content made visible, its summary only a title); a browser
  // without ::details-content keeps it as on a phone.
  '@media screen and (min-width: 48rem)': {
    '& details::details-content': { contentVisibility: 'visible', display: 'block' },
    '& summary': { cursor: 'default', pointerEvents: 'none', listStyle: 'none' },
    '& summary::-webkit-details-marker': { display: 'none' },
  },
} as const;
