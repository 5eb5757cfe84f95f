import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IT } from '@incontra/contracts/messages/it';

/** Grey blocks of the given heights where content is on its way, announced as loading to screen readers. */
export function LoadingSkeleton({ heights }: { heights: number[] }) {
  return (
    <Stack gap="xs" role="status">
      <VisuallyHidden>{IT.shell.loading}</VisuallyHidden>
      {heights.map((height, index) => (
        <Skeleton key={index} h={height} />
      ))}
    </Stack>
  );
}
