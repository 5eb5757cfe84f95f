import { Alert, Anchor, Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Store } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';
import { pathWithStore } from '../../../app/paths';

function nameError(name: string): string | null {
  return name.trim() ? null : IT.validation.nameRequired;
}

/**
 * The live flow's first step. Join requests have no endpoint yet, so the step collects and
 * checks the name but cannot send it; it says so instead of pretending.
 */
export function NameStep({ store }: { store: Store | null }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const backTo = pathWithStore(ROUTES.welcome, store);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(nameError(name));
  }

  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>{IT.visitor.liveTitle}</Title>
        {store && <Text>{`${IT.visitor.storeLabel}: ${store.name}`}</Text>}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={IT.visitor.askName}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                if (error) setError(nameError(event.currentTarget.value));
              }}
              onBlur={() => setError(nameError(name))}
              error={error}
              autoComplete="name"
              required
              withAsterisk={false}
              size="md"
            />
            <Button type="submit" size="md" disabled>
              {IT.visitor.continue}
            </Button>
            <Alert color="blue" role="note" title={IT.visitor.liveSoon} />
          </Stack>
        </form>
        <Stack gap={4}>
          <Text fw={600}>{IT.visitor.invited}</Text>
          <Text size="sm" c="dimmed">
            {IT.visitor.invitedHint}
          </Text>
        </Stack>
        <Anchor component={Link} to={backTo}>
          {IT.visitor.back}
        </Anchor>
      </Stack>
    </Container>
  );
}
