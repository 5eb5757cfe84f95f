import { useEffect } from 'react';

/** Names the browser tab while the page is shown and gives the previous name back afterwards. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
