import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface FullPageMessageProps {
  icon?: ReactNode;
  heading: string;
  text: string;
  action: string;
  onAction: () => void;
}

/** The layout the shell's 404, error and remote-failed views share. */
export function FullPageMessage({ icon, heading, text, action, onAction }: FullPageMessageProps) {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        {icon}
        <Title order={1}>{heading}</Title>
        <Text c="dimmed">{text}</Text>
        <Button onClick={onAction}>{action}</Button>
      </Stack>
    </Center>
  );
}
