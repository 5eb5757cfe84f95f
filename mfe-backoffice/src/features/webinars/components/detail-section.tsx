import { Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A part of the webinar's page, named by its heading (an h2 under the page's h1). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title order={2} size="h3" id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
