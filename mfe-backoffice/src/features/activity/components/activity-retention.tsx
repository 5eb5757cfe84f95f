import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useId, type FormEvent } from 'react';
import { ACTIVITY_RETENTION_DAYS, activityRetentionInputSchema, type ActivityRetention, type ActivityRetentionDays } from '@incontra/contracts/api/activity';
import { IT_ACTIVITY } from '@incontra/contracts/messages/it-activity';
import { ConfirmModal, useConfirmAction } from '@incontra/mfe-kit/confirm-action';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { QueryState } from '../../../app/management/query-state';
import { useActivityRetention } from '../api/get-activity-retention';
import { useUpdateActivityRetention } from '../api/update-activity-retention';

const R = IT_ACTIVITY.retention;
const FOREVER = 'forever';
const OPTIONS = [{ value: FOREVER, label: R.forever }, ...ACTIVITY_RETENTION_DAYS.map((days) => ({ value: String(days), label: R.days(days) }))];

/** The select's value as the API's: «Per sempre» is null, anything else a number for the schema to check. */
const retentionOf = (value: string) => (value === FOREVER ? null : Number(value));

/** Whether going from `current` to `next` puts entries past the retention: a shorter one, or one where there was none. */
const shortens = (current: ActivityRetentionDays | null, next: ActivityRetentionDays | null): next is ActivityRetentionDays =>
  next !== null && (current === null || next < current);

/** «Conservazione» (admins): how long the log keeps its entries. */
export function ActivityRetentionSection() {
  const titleId = useId();
  const retention = useActivityRetention();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="xs" maw={640}>
      <Title order={2} size="h4" id={titleId}>
        {R.title}
      </Title>
      <Text size="sm" c="dimmed">
        {R.description}
      </Text>
      <QueryState query={retention}>{(data) => <ActivityRetentionForm retention={data} />}</QueryState>
    </Stack>
  );
}

/**
 * The choice, saved with a toast. A choice that deletes entries asks first, saying how many go
 * (counted by the API for each choice); «Annulla» has the focus, and a refusal stays in the dialog.
 */
function ActivityRetentionForm({ retention }: { retention: ActivityRetention }) {
  const form = useZodForm({ retentionDays: retention.retentionDays === null ? FOREVER : String(retention.retentionDays) });
  const update = useUpdateActivityRetention();
  const checked = () => form.check(activityRetentionInputSchema, { retentionDays: retentionOf(form.values.retentionDays) });
  const confirmation = useConfirmAction(async () => {
    const body = checked();
    if (body) await update.mutateAsync(body);
  });

  const chosen = retentionOf(form.values.retentionDays);
  const deleting = retention.olderThan.find((choice) => choice.days === chosen)?.entries ?? 0;
  const confirmText = chosen === null ? '' : deleting > 0 ? R.confirmCount(deleting, chosen) : R.confirmNone(chosen);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = checked();
    if (!body) return;
    if (shortens(retention.retentionDays, body.retentionDays)) confirmation.open();
    else update.mutate(body, { onError: form.showApiError });
  }

  const failure = confirmation.opened ? null : form.formError(update.error);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <NativeSelect {...form.field('retentionDays')} label={R.label} data={OPTIONS} style={{ flex: '1 1 12rem', maxWidth: 320 }} />
          <Button type="submit" loading={update.isPending && !confirmation.opened}>
            {R.save}
          </Button>
        </Group>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
      <ConfirmModal action={confirmation} title={R.confirmTitle} text={confirmText} keepLabel={R.cancel} confirmLabel={R.confirm} />
    </form>
  );
}
