import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isOwnedBy } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/**
 * Props for a real `<a href>` to a back-office section: this remote's own paths go through
 * react-router, another remote's (the subscription) through the shell. Modified clicks keep the
 * browser's behaviour (new tab, new window).
 */
export function useSectionLink() {
  const navigate = useNavigate();
  const { navigate: shellNavigate } = useMfeProps();
  return (path: string) => ({
    href: path,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (isOwnedBy('backoffice', path)) navigate(path);
      else shellNavigate(path);
    },
  });
}
