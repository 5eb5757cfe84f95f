import { Center, Image, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** The frame of the signed-out pages: the company's logo above a titled card, the page's main landmark. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { company, theme } = useMfeProps();
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Image src={theme.logoUrl} alt={company.name} h={48} w="auto" fit="contain" />
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
