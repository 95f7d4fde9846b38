import { useEffect } from 'react';
import { BLOG_NAME } from '@/lib/post-payload';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | ${BLOG_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
