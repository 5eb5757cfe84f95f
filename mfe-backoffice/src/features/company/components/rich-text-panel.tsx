import { Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '@incontra/contracts/http';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { FormAlert } from '../../../app/form-alert';
import { FormActions } from '../../../app/management/form-actions';
import { richTextField, useSaveRichText, type RichTextTarget } from '../api/save-rich-text';
import { useUnsavedText } from '../unsaved/unsaved-changes';
import { RichTextEditor } from './rich-text-editor';

interface RichTextPanelProps {
  label: string;
  target: RichTextTarget;
  initialHtml: string | null;
  success: string;
}

/**
 * One rich text (privacy, terms, a wall) in the editor, saved as HTML; the API sanitises it.
 * While it holds changes not saved, leaving the page asks first (UnsavedChangesProvider).
 */
export function RichTextPanel({ label, target, initialHtml, success }: RichTextPanelProps) {
  const [html, setHtml] = useState(initialHtml ?? '');
  const [saved, setSaved] = useState(initialHtml ?? '');
  const save = useSaveRichText(target, success);
  useUnsavedText(html !== saved);
  // A refusal naming the text (too long, say) is the form's to show: the toast is for the others.
  const fieldError = save.error instanceof ApiRequestError && save.error.field === richTextField(target) ? apiErrorMessage(save.error) : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(html, { onSuccess: () => setSaved(html) });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={fieldError} />
        <RichTextEditor label={label} initialHtml={initialHtml ?? ''} onChange={setHtml} />
        <FormActions pending={save.isPending} />
      </Stack>
    </form>
  );
}
