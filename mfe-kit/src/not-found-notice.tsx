import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from './mfe-props-context';
import { useDocumentTitle } from './use-document-title';

/** A path under this remote's prefixes that has no screen: the shell's not-found texts. */
export function NotFoundNotice() {
  const { navigate, company } = useMfeProps();
  useDocumentTitle(`${company.name} ${IT.shell.notFoundTitleSuffix}`);
  return (
    <Container size="xs" py="xl">
      <Stack align="center" gap="md">
        <Title order={1} ta="center">
          {IT.shell.notFoundHeading}
        </Title>
        <Text ta="center">{IT.shell.notFoundText}</Text>
        <Button onClick={() => navigate(ROUTES.welcome, { replace: true })}>{IT.shell.backHome}</Button>
      </Stack>
    </Container>
  );
}
