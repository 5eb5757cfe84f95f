import { Alert, Anchor, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { normalizeInvitationCode } from '@incontra/contracts/api/join-requests';
import { visitorNameSchema } from '@incontra/contracts/api/visitor-name';
import type { Store } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { ROUTES } from '@incontra/contracts/routes';
import { pathWithStore } from '../../../app/paths';
import type { StoreRooms } from '../../stores/api/get-store-config';
import { apiErrorMessage, fieldErrorOf } from '@incontra/mfe-kit/api-error';
import type { JoinRequestOrigin } from '../api/send-join-request';
import { InvitationCodeInput } from './invitation-code-input';
import { InvitationForm } from './invitation-form';
import { BookInstead } from './outcomes';

export interface NameStepProps {
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

/** The schema's own Italian message when the name will not do. */
function nameErrorOf(name: string): string | null {
  const parsed = visitorNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? IT.validation.nameRequired);
}

function invitationCodeErrorOf(code: string): string | null {
  return code.trim() ? null : IT_LOBBY.errors.invitationCodeRequired;
}

/**
 * The live flow's first step, below the page's header (title and store): the name (and the room
 * when the store has several), sent to the store's staff, or a code typed in the invitation form
 * below. An invitation link (`?invito=`) makes it one form, the name (prefilled when staff gave
 * one) and the code, with one button: the invitation decides the store and the room.
 */
export function NameStep({ store, storeLoading, rooms, name, onNameChange, invitationCode, sending, error, onSend }: NameStepProps) {
  const [nameError, setNameError] = useState<string | null>(null);
  const [roomId, setRoomId] = useState<string | null>(null);
  const [code, setCode] = useState(invitationCode ?? '');
  const [codeError, setCodeError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const invited = invitationCode !== null;
  const chosenRoom = rooms.rooms.find((room) => room.id === roomId) ?? rooms.rooms[0] ?? null;
  const backTo = pathWithStore(ROUTES.welcome, store);
  const shownNameError = nameError ?? fieldErrorOf(error, 'name');
  const alert = error && !fieldErrorOf(error, 'name') && !fieldErrorOf(error, 'code') ? apiErrorMessage(error) : null;
  // Too many people wait in the store: a booking is the way to still be served.
  const queueFull = alert === IT_LOBBY.errors.queueFull;

  /** The checked name as the API will store it (normalised), or null after showing why it will not do. */
  function validName(): string | null {
    const parsed = visitorNameSchema.safeParse(name);
    setNameError(parsed.success ? null : (parsed.error.issues[0]?.message ?? IT.validation.nameRequired));
    if (!parsed.success) {
      nameInput.current?.focus();
      return null;
    }
    return parsed.data;
  }

  function onCodeChange(value: string) {
    setCode(value);
    if (codeError) setCodeError(invitationCodeErrorOf(value));
  }

  function sendInvitation() {
    const problem = invitationCodeErrorOf(code);
    setCodeError(problem);
    const checked = validName();
    if (checked && !problem) onSend({ kind: 'invitation', code: normalizeInvitationCode(code) }, checked);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (invited) {
      sendInvitation();
      return;
    }
    const checked = validName();
    if (checked && store && chosenRoom) onSend({ kind: 'live', storeId: store.id, roomId: chosenRoom.id }, checked);
  }

  const noRooms = !invited && store !== null && !rooms.isLoading && !rooms.isError && rooms.rooms.length === 0;
  const canSend = invited || (store !== null && chosenRoom !== null);

  return (
    <>
      {!invited && !store && !storeLoading && <Text>{IT.visitor.noStores}</Text>}
      {noRooms && <Text>{IT_LOBBY.visitor.noRooms}</Text>}
      {rooms.isError && (
        <Alert color="red" role="alert" title={IT.errors.generic}>
          <Button variant="light" color="red" mt="sm" onClick={rooms.retry}>
            {IT.shell.retry}
          </Button>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate data-testid="live-name-form">
        <Stack gap="md">
          <TextInput
            ref={nameInput}
            label={IT.visitor.askName}
            value={name}
            onChange={(event) => {
              onNameChange(event.currentTarget.value);
              if (nameError) setNameError(nameErrorOf(event.currentTarget.value));
            }}
            onBlur={() => setNameError(nameErrorOf(name))}
            error={shownNameError}
            autoComplete="name"
            required
            withAsterisk={false}
            size="md"
          />
          {invited && <InvitationCodeInput code={code} onCodeChange={onCodeChange} error={codeError ?? fieldErrorOf(error, 'code')} />}
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
      {!invited && (
        <InvitationForm code={code} onCodeChange={onCodeChange} error={codeError ?? fieldErrorOf(error, 'code')} sending={sending} onSend={sendInvitation} />
      )}
      <Anchor component={Link} to={backTo}>
        {IT.visitor.back}
      </Anchor>
    </>
  );
}
