import { useEffect, useRef, useState } from 'react';

/** Typing pauses this long before a list asks the server again. */
const SEARCH_DELAY_MS = 300;

/**
 * The text of an admin list's search box, handed to `onSearch` (trimmed) once typing pauses. A new search resets the
 * list's page and selection, so asking again for the same words (when the box first appears, or after typing a space)
 * does not call it.
 */
export function useSearchAsYouType(onSearch: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const searched = useRef('');
  useEffect(() => {
    const query = text.trim();
    if (query === searched.current) return;
    const timer = window.setTimeout(() => {
      searched.current = query;
      onSearch(query);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // onSearch is a state setter's wrapper, stable enough; only the text decides
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return [text, setText];
}
