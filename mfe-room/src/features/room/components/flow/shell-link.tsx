import { Anchor, Button } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

function useShellClick(path: string) {
  const { navigate } = useMfeProps();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep the browser's behaviour (new tab); a plain one goes through the shell.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(path);
  };
}

/** A real link to a page of another remote (the back office), followed through the shell. */
export function ShellLink({ path, children, asButton = false }: { path: string; children: ReactNode; asButton?: boolean }) {
  const onClick = useShellClick(path);
  return asButton ? (
    <Button component="a" href={path} onClick={onClick}>
      {children}
    </Button>
  ) : (
    <Anchor href={path} onClick={onClick}>
      {children}
    </Anchor>
  );
}
