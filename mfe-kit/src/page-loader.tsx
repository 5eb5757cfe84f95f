import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { IT } from '@incontra/contracts/messages/it';

/** A spinner that screen readers announce as loading. */
export function PageLoader({ minHeight = 120 }: { minHeight?: number | string }) {
  return (
    <Center mih={minHeight} role="status">
      <Loader />
      <VisuallyHidden>{IT.shell.loading}</VisuallyHidden>
    </Center>
  );
}
