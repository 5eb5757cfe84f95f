import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { FormAlert } from '../../../app/form-alert';

interface SettingsPanelProps {
  title: string;
  /** An error that belongs to no field, shown above the fields. */
  alert: string | null;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** The frame of the signed-in settings forms: title, form-level error, fields, Salva. */
export function SettingsPanel({ title, alert, saving, onSubmit, children }: SettingsPanelProps) {
  return (
    <Paper withBorder p="xl" maw={520}>
      <Title order={1} size="h2" mb="lg">
        {title}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {IT_BACKOFFICE.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
