import { useEffect } from 'react';

/** Sets the page title while the view is shown and gives the previous one back afterwards. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
