import { Stack, Text, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { translationBodySchema, type TranslationKey, type TranslationLanguage } from '@incontra/contracts/api/translations';
import { IT_TRANSLATIONS } from '@incontra/contracts/messages/it-translations';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { FormAlert } from '../../../app/form-alert';
import { useSaveTranslation } from '../api/save-translation';
import { FormActions } from '../../../app/management/form-actions';

const PAGE = IT_TRANSLATIONS.page;

export interface TranslationRow {
  key: TranslationKey;
  description: string;
  defaultText: string;
  /** The room's own text in the language shown; null: it shows the default. */
  label: string | null;
}

/** The room's text for one key; starts from the default when the room has none yet. */
export function TranslationForm({ row, roomId, language, onDone }: { row: TranslationRow; roomId: string; language: TranslationLanguage; onDone: () => void }) {
  const save = useSaveTranslation(roomId);
  const form = useZodForm({ label: row.label ?? row.defaultText }, { rules: { label: translationBodySchema.shape.label } });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(translationBodySchema, { key: row.key, label: form.values.label });
    if (!body) return;
    save.mutate({ roomId, language, key: body.key, label: body.label }, { onSuccess: onDone, onError: form.showApiError });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={form.formError(save.error)} />
        <Text size="sm">
          {PAGE.defaultText}:{' '}
          <Text span c="dimmed">
            {row.defaultText}
          </Text>
        </Text>
        <Textarea
          {...form.field('label')}
          label={`${PAGE.labelField} (${IT_TRANSLATIONS.languages[language]})`}
          description={PAGE.labelHelp}
          required
          autosize
          minRows={2}
          maxRows={8}
          data-autofocus
          onBlur={() => form.checkField('label')}
        />
        <FormActions onCancel={onDone} pending={save.isPending} />
      </Stack>
    </form>
  );
}
