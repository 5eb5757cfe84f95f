import { Input, MultiSelect, Text } from '@mantine/core';
import { WEBINAR_PRESENTERS_MAX, type Webinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { displayName, useRequiredUser } from '../../auth/hooks/use-required-user';
import type { usePresenterChoices } from '../hooks/use-presenter-choices';

const TEXT = IT_WEBINAR_BACKOFFICE.form;

interface PresentersFieldProps {
  presenters: ReturnType<typeof usePresenterChoices>;
  storeId: string;
  /** A saved webinar's presenters; null for a new one. */
  current: Webinar['presenters'] | null;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

/**
 * An admin chooses the presenters among the active users serving the store. An operator cannot
 * list the company's users: a new webinar is theirs to present, a saved one keeps its presenters,
 * both shown as text.
 */
export function PresentersField({ presenters, storeId, current, value, onChange, error }: PresentersFieldProps) {
  const user = useRequiredUser();
  if (!presenters.chooses) {
    const names = current ? current.map((presenter) => presenter.name).join(', ') : null;
    return (
      <Input.Wrapper label={TEXT.presenters} labelElement="div" error={error}>
        <Text size="sm">{names ?? TEXT.presentersYou(displayName(user))}</Text>
        {names !== null && (
          <Text size="sm" c="dimmed">
            {TEXT.presentersFixed}
          </Text>
        )}
      </Input.Wrapper>
    );
  }
  const known = current ? current.map((presenter) => ({ value: presenter.id, label: presenter.name })) : [{ value: user.id, label: displayName(user) }];
  return (
    <MultiSelect
      label={TEXT.presenters}
      description={presenters.failed ? TEXT.presentersLoadFailed : TEXT.presentersHelp(WEBINAR_PRESENTERS_MAX)}
      data={presenters.choicesFor(storeId, known)}
      value={value}
      onChange={onChange}
      error={error}
      required
      searchable
      hidePickedOptions={false}
      maxValues={WEBINAR_PRESENTERS_MAX}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
