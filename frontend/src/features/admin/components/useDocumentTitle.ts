import { useEffect } from 'react';
import { documentTitle } from '@mudawwana/rules';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
