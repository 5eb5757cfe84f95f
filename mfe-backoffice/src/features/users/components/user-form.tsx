import { Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import type { UserRole } from '@incontra/contracts/api/auth';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { userBodySchema, userUpdateBodySchema, type ManagedUser } from '@incontra/contracts/api/users';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { FormAlert } from '../../../app/form-alert';
import { useSaveUser } from '../api/save-user';
import { FormActions } from '../../../app/management/form-actions';

const TEXT = IT_USERS.screen;
const ROLES: readonly UserRole[] = ['operator', 'admin'];
const { shape } = userBodySchema;

interface UserFormProps {
  /** null: a new user, who is mailed an invitation. */
  user: ManagedUser | null;
  /** The company's stores to choose from; undefined while unknown (the choice is then not offered). */
  stores: ManagedStore[] | undefined;
  storesFailed: boolean;
  /** Why this user may not stop being an admin (the last active one), or null. */
  demoteReason: string | null;
  onDone: () => void;
}

/** Creates a user (an invitation: the admin never types their password) or changes one; `onDone` after saving or cancelling. */
export function UserForm({ user, stores, storesFailed, demoteReason, onDone }: UserFormProps) {
  const save = useSaveUser();
  const form = useZodForm(
    {
      username: user?.username ?? '',
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      role: (user?.role ?? 'operator') as string,
      storeIds: [...(user?.storeIds ?? [])],
    },
    { rules: { username: shape.username, email: shape.email, firstName: shape.firstName, lastName: shape.lastName } },
  );
  const role = form.values.role;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // An admin serves every store: their list is not kept.
    const input = { ...form.values, storeIds: role === 'admin' ? [] : form.values.storeIds };
    // A refusal of a text field goes under it, one of the stores (one deleted meanwhile) under the stores.
    if (user) {
      const body = form.check(userUpdateBodySchema, input);
      if (body) save.mutate({ id: user.id, body }, { onSuccess: onDone, onError: form.showApiError });
    } else {
      const body = form.check(userBodySchema, input);
      if (body) save.mutate({ id: null, body }, { onSuccess: onDone, onError: form.showApiError });
    }
  }
  const formError = form.formError(save.error);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {!user && <Text size="sm">{TEXT.createHelp}</Text>}
        <FormAlert message={formError} />
        <TextInput {...form.field('username')} label={TEXT.username} required data-autofocus autoComplete="off" onBlur={() => form.checkField('username')} />
        <TextInput {...form.field('email')} type="email" label={TEXT.email} required autoComplete="off" onBlur={() => form.checkField('email')} />
        <Group grow wrap="wrap" gap="md" align="flex-start">
          <TextInput {...form.field('firstName')} label={TEXT.firstName} autoComplete="off" onBlur={() => form.checkField('firstName')} miw="12rem" />
          <TextInput {...form.field('lastName')} label={TEXT.lastName} autoComplete="off" onBlur={() => form.checkField('lastName')} miw="12rem" />
        </Group>
        <Radio.Group {...form.control('role')} label={TEXT.role} description={demoteReason ?? undefined} required>
          <Group gap="md" mt="xs" wrap="wrap">
            {ROLES.map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={IT_BACKOFFICE.roles[choice]}
                disabled={choice === 'operator' && demoteReason !== null && role === 'admin'}
              />
            ))}
          </Group>
        </Radio.Group>
        {role === 'operator' && (
          <Checkbox.Group {...form.control('storeIds')} label={TEXT.stores} description={TEXT.storesHelp}>
            {storesFailed && (
              <Text size="sm" c="red">
                {TEXT.storesLoadFailed}
              </Text>
            )}
            <Group gap="md" mt="xs" wrap="wrap">
              {stores?.map((store) => (
                <Checkbox key={store.id} value={store.id} label={store.name} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <FormActions onCancel={onDone} pending={save.isPending} creating={!user} />
      </Stack>
    </form>
  );
}
