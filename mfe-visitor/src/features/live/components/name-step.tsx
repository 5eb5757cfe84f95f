import { Alert, Anchor, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { invitationJoinRequestBodySchema, normalizeInvitationCode } from '@incontra/contracts/api/join-requests';
import { visitorNameSchema } from '@incontra/contracts/api/visitor-name';
import type { Store } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { ROUTES } from '@incontra/contracts/routes';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { pathWithStore } from '../../../app/paths';
import { RetryAlert } from '../../../app/retry-alert';
import type { StoreRooms } from '../../stores/api/get-store-config';
import type { JoinRequestOrigin } from '../api/send-join-request';
import { InvitationCodeInput } from './invitation-code-input';
import { InvitationForm } from './invitation-form';
import { BookInstead } from './outcomes';

export interface NameStepProps {
  /** The name field's label, in the room's words. */
  nameLabel: string;
  store: Store | null;
  storeLoading: boolean;
  rooms: StoreRooms;
  name: string;
  onNameChange(name: string): void;
  /** From `?invito=`: the name form then sends the invitation, the store does not matter. */
  invitationCode: string | null;
  sending: boolean;
  /** Why the last send failed. */
  error: unknown;
  onSend(origin: JoinRequestOrigin, name: string): void;
}

/** The contracts' rules for the two fields: the visitor's name, and the code of an invitation. */
const FIELD_RULES = { name: visitorNameSchema, code: invitationJoinRequestBodySchema.shape.code };

/**
 * The live flow's first step, below the page's header (title and store): the name (and the room
 * when the store has several), sent to the store's staff, or a code typed in the invitation form
 * below. An invitation link (`?invito=`) makes it one form, the name (prefilled when staff gave
 * one) and the code, with one button: the invitation decides the store and the room.
 */
export function NameStep({ nameLabel, store, storeLoading, rooms, name, onNameChange, invitationCode, sending, error, onSend }: NameStepProps) {
  const form = useZodForm(
    { name, code: invitationCode ?? '' },
    {
      rules: FIELD_RULES,
      // The live page keeps the name (it outlives this step): every change of it goes up as well.
      onValuesChange: (values) => {
        if (values.name !== name) onNameChange(values.name);
      },
    },
  );
  const [shownError, setShownError] = useState<unknown>(null);
  const [roomId, setRoomId] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const invited = invitationCode !== null;
  const chosenRoom = rooms.rooms.find((room) => room.id === roomId) ?? rooms.rooms[0] ?? null;
  const backTo = pathWithStore(ROUTES.welcome, store);
  // The send lives in the live page: a new refusal naming the name or the code goes under it,
  // anything else above the button.
  if (error !== shownError) {
    setShownError(error);
    form.showApiError(error);
  }
  const alert = form.formError(error);
  // Too many people wait in the store: a booking is the way to still be served.
  const queueFull = alert === IT_LOBBY.errors.queueFull;

  /** The checked name as the API will store it (normalised), or null after showing why it will not do. */
  function checkedName(): string | null {
    if (form.checkField('name')) return visitorNameSchema.parse(form.values.name);
    nameInput.current?.focus();
    return null;
  }

  function sendInvitation() {
    const codeOk = form.checkField('code');
    const checked = checkedName();
    if (checked && codeOk) onSend({ kind: 'invitation', code: normalizeInvitationCode(form.values.code) }, checked);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (invited) {
      sendInvitation();
      return;
    }
    const checked = checkedName();
    if (checked && store && chosenRoom) onSend({ kind: 'live', storeId: store.id, roomId: chosenRoom.id }, checked);
  }

  const noRooms = !invited && store !== null && !rooms.isLoading && !rooms.isError && rooms.rooms.length === 0;
  const canSend = invited || (store !== null && chosenRoom !== null);

  return (
    <>
      {!invited && !store && !storeLoading && <Text>{IT.visitor.noStores}</Text>}
      {noRooms && <Text>{IT_LOBBY.visitor.noRooms}</Text>}
      {rooms.isError && <RetryAlert title={IT.errors.generic} onRetry={rooms.retry} />}
      <form onSubmit={onSubmit} noValidate data-testid="live-name-form">
        <Stack gap="md">
          <TextInput
            ref={nameInput}
            label={nameLabel}
            {...form.field('name')}
            onBlur={() => form.checkField('name')}
            autoComplete="name"
            required
            withAsterisk={false}
            size="md"
          />
          {invited && <InvitationCodeInput field={form.field('code')} />}
          {!invited && rooms.rooms.length > 1 && (
            <NativeSelect
              label={IT_LOBBY.visitor.chooseRoom}
              data={rooms.rooms.map((room) => ({ value: room.id, label: room.name }))}
              value={chosenRoom?.id ?? ''}
              onChange={(event) => setRoomId(event.currentTarget.value)}
              size="md"
              data-testid="live-room-select"
            />
          )}
          {alert && (
            <Alert color="red" role="alert">
              {alert}
            </Alert>
          )}
          {queueFull && store && <BookInstead storeId={store.id} />}
          <Button type="submit" size="md" loading={sending} disabled={!canSend}>
            {invited ? IT_LOBBY.visitor.invitationSend : IT_LOBBY.visitor.send}
          </Button>
        </Stack>
      </form>
      {!invited && <InvitationForm codeField={form.field('code')} sending={sending} onSend={sendInvitation} />}
      <Anchor component={Link} to={backTo}>
        {IT.visitor.back}
      </Anchor>
    </>
  );
}
