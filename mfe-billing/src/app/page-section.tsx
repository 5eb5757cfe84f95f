import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageSectionProps {
  /** The heading's id, which names the section for screen readers. */
  titleId: string;
  title: string;
  children: ReactNode;
}

/** A section of a billing page: a bordered card named by its level-2 heading, its content under it. */
export function PageSection({ titleId, title, children }: PageSectionProps) {
  return (
    <section aria-labelledby={titleId}>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          {children}
        </Stack>
      </Card>
    </section>
  );
}
