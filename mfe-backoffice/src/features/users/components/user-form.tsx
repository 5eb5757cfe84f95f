import { Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { UserRole } from '@incontra/contracts/api/auth';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { userBodySchema, userUpdateBodySchema, type ManagedUser } from '@incontra/contracts/api/users';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { ApiRequestError } from '@incontra/contracts/http';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
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
    { username: user?.username ?? '', email: user?.email ?? '', firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' },
    { rules: { username: shape.username, email: shape.email, firstName: shape.firstName, lastName: shape.lastName } },
  );
  const [role, setRole] = useState<UserRole>(user?.role ?? 'operator');
  const [storeIds, setStoreIds] = useState<string[]>(user?.storeIds ?? []);
  const [storesError, setStoresError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // An admin serves every store: their list is not kept.
    const input = { ...form.values, role, storeIds: role === 'admin' ? [] : storeIds };
    setStoresError(null);
    if (user) {
      const body = form.check(userUpdateBodySchema, input);
      if (body) save.mutate({ id: user.id, body }, { onSuccess: onDone, onError: showError });
    } else {
      const body = form.check(userBodySchema, input);
      if (body) save.mutate({ id: null, body }, { onSuccess: onDone, onError: showError });
    }
  }

  /** A refusal of the stores (one deleted meanwhile) goes under the stores; one of a text field under it. */
  function showError(error: unknown) {
    form.showApiError(error);
    if (error instanceof ApiRequestError && error.field === 'storeIds') setStoresError(apiErrorMessage(error));
  }
  const formError = storesError ? null : form.formError(save.error);

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
        <Radio.Group label={TEXT.role} value={role} onChange={(next) => setRole(next as UserRole)} description={demoteReason ?? undefined} required>
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
          <Checkbox.Group label={TEXT.stores} description={TEXT.storesHelp} value={storeIds} onChange={setStoreIds} error={storesError}>
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
