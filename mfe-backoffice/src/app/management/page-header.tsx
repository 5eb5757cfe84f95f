import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A management page's heading, what the page is for, and its main actions (they wrap below on a narrow screen). */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
        {/* A name that is one long word (a room's) wraps instead of widening the page. */}
        <Title order={1} style={{ overflowWrap: 'break-word' }}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions && (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
