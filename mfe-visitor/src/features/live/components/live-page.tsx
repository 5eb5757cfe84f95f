import { useMutation } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  GUEST_REQUEST_PARAM,
  INVITATION_NAME_PARAM,
  INVITATION_PARAM,
  isFinal,
  PARTICIPANT_PARAM,
  PARTICIPANT_TOKEN_PARAM,
  RESERVATION_PARAM,
  type VisitorCredentials,
} from '@incontra/contracts/api/join-requests';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { useStoreRooms } from '../../stores/api/get-store-config';
import { useSelectedStore } from '../../stores/hooks/use-selected-store';
import { useVisitorTexts } from '../../texts/hooks/use-visitor-texts';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { sendJoinRequest, type JoinRequestOrigin, type ReservationJoinAccess } from '../api/send-join-request';
import { cancelJoinRequest } from '../api/visitor-calls';
import { saveVisitorCredentials } from '../credentials/visitor-credentials';
import { INITIAL_LIVE_FLOW, liveFlowReducer, liveViewOf } from '../hooks/live-flow-state';
import { useCancelOnLeave } from '../hooks/use-cancel-on-leave';
import { useLobbyUpdates } from '../hooks/use-lobby-updates';
import { CodeStep } from './code-step';
import { NameStep } from './name-step';
import { ApprovedActions, BusyActions, CancelledActions, EndedActions, ExpiredActions, RejectedActions } from './outcomes';
import { PhoneStep } from './phone-step';
import { ReservationEntry } from './reservation-entry';
import { StepFrame } from './step-frame';
import { headerOf } from './step-header';
import { WaitingStep } from './waiting-step';

/**
 * `/partecipa`: the visitor's whole live flow, from the name (or an invitation, or a
 * reservation's link) to the room. The request's status comes from the lobby socket or its
 * polling fallback; leaving while waiting withdraws it.
 */
export function LivePage() {
  const { navigate, preload } = useMfeProps();
  const [params] = useSearchParams();
  const invitationCode = params.get(INVITATION_PARAM);
  const reservationId = params.get(RESERVATION_PARAM);
  // The join link's token travels with the request: the customer's, or with their id an invited
  // participant's (who is named by it). Without one the link leads nowhere, as the API says.
  const participantId = params.get(PARTICIPANT_PARAM);
  const joinToken = params.get(PARTICIPANT_TOKEN_PARAM);
  const access: ReservationJoinAccess =
    participantId && joinToken ? { participant: { id: participantId, token: joinToken } } : joinToken ? { token: joinToken } : {};
  const selection = useSelectedStore();
  const rooms = useStoreRooms(reservationId || invitationCode !== null ? null : (selection.store?.id ?? null));
  // An invitation link may carry the name staff typed for the visitor: it starts the name field.
  const invitedName = invitationCode === null ? '' : (params.get(INVITATION_NAME_PARAM) ?? '');
  const [state, dispatch] = useReducer(liveFlowReducer, INITIAL_LIVE_FLOW, (initial) => ({ ...initial, name: invitedName }));
  const { session } = state;
  const view = liveViewOf(session);
  // The words of the store the request went to, before it those of the visitor's store.
  const texts = useVisitorTexts(session?.request.storeId ?? (reservationId || invitationCode !== null ? null : (selection.store?.id ?? null)));

  const send = useMutation({
    mutationFn: async ({ origin, name }: { origin: JoinRequestOrigin; name: string }) => ({ origin, sent: await sendJoinRequest(origin, name) }),
    onSuccess: ({ origin, sent }) => dispatch({ type: 'sent', origin, credentials: saveVisitorCredentials(sent), sent, now: Date.now() }),
    retry: false,
  });
  const cancel = useMutation({
    mutationFn: (credentials: VisitorCredentials) => cancelJoinRequest(credentials),
    onSuccess: (request) => dispatch({ type: 'status', request }),
    retry: false,
  });
  const mode = useLobbyUpdates(
    session?.credentials ?? null,
    session !== null && !session.gone && !isFinal(session.request.status),
    (request) => dispatch({ type: 'status', request }),
    () => dispatch({ type: 'gone' }),
  );
  useCancelOnLeave(session);

  const sendReservation = () => {
    if (reservationId) send.mutate({ origin: { kind: 'reservation', reservationId, access }, name: '' });
  };
  const autoSent = useRef(false);
  useEffect(() => {
    // A reservation's link needs nothing from the visitor: the request goes out at once, once.
    if (autoSent.current || !reservationId) return;
    autoSent.current = true;
    sendReservation();
  });

  const roomPath = session
    ? `${ROUTES.room}/${encodeURIComponent(session.request.roomId)}?${new URLSearchParams({ [GUEST_REQUEST_PARAM]: session.request.id }).toString()}`
    : null;
  useEffect(() => {
    if (view === 'approved' && roomPath) navigate(roomPath);
  }, [view, roomPath, navigate]);
  useEffect(() => {
    // While the visitor waits, the room's code and media library arrive: approval leads straight in.
    if (view === 'waiting' && roomPath) preload?.(roomPath);
  }, [view, roomPath, preload]);

  const startOver = () => {
    send.reset();
    cancel.reset();
    dispatch({ type: 'reset' });
    if (session?.origin.kind === 'reservation') sendReservation();
  };

  if (!session) {
    if (reservationId) {
      const error = send.error ? apiErrorMessage(send.error) : null;
      return (
        <StepFrame
          header={{ testId: 'reservation-entry', title: IT_LOBBY.visitor.reservationTitle, lead: error ? undefined : IT_LOBBY.visitor.reservationText }}
        >
          <ReservationEntry error={error} sending={send.isPending} onRetry={sendReservation} />
        </StepFrame>
      );
    }
    const store = invitationCode === null ? selection.store : null;
    // The step shows once its store, rooms and words are known: a form that grows a line and a
    // room select under the visitor's fingers (while the name is being typed) is worse than a
    // spinner. Meanwhile the heading stays the one the first paint showed.
    if (invitationCode === null && (selection.isLoading || rooms.isLoading || texts.loading)) {
      return (
        <StepFrame header={{ title: IT.visitor.liveTitle }}>
          <PageLoader />
        </StepFrame>
      );
    }
    return (
      <StepFrame header={{ title: texts.text('liveTitle'), lead: store ? `${IT.visitor.storeLabel}: ${store.name}` : undefined }}>
        <NameStep
          nameLabel={texts.text('askName')}
          store={selection.store}
          storeLoading={selection.isLoading}
          rooms={rooms}
          name={state.name}
          onNameChange={(name) => dispatch({ type: 'name', name })}
          invitationCode={invitationCode}
          sending={send.isPending}
          error={send.error}
          onSend={(origin, name) => send.mutate({ origin, name })}
        />
      </StepFrame>
    );
  }

  const { request, credentials } = session;
  // With a request there is no name step: liveViewOf says 'name' only without one.
  const stepView = view === 'name' ? 'waiting' : view;
  const stepBody = () => {
    switch (stepView) {
      case 'phone':
        return (
          <PhoneStep
            credentials={credentials}
            initialPhone={session.codeSent?.phoneNumber ?? ''}
            onCodeSent={(sent) => dispatch({ type: 'code-sent', sent })}
          />
        );
      case 'code':
        return (
          <CodeStep
            credentials={credentials}
            phoneNumber={session.codeSent?.phoneNumber ?? ''}
            resendAfter={session.codeSent?.resendAfter ?? 0}
            onVerified={(verified) => dispatch({ type: 'status', request: verified })}
            onCodeSent={(sent) => dispatch({ type: 'code-sent', sent })}
            onChangePhone={() => dispatch({ type: 'change-phone' })}
          />
        );
      case 'busy':
        return <BusyActions storeId={request.storeId} onKeepWaiting={() => dispatch({ type: 'keep-waiting' })} />;
      case 'rejected':
        return <RejectedActions storeId={request.storeId} />;
      case 'expired':
        return (
          <ExpiredActions
            storeId={request.storeId}
            retrying={send.isPending}
            retryError={send.error ? apiErrorMessage(send.error) : null}
            onRetry={() => send.mutate({ origin: session.origin, name: state.name })}
          />
        );
      case 'cancelled':
      case 'gone':
        return <CancelledActions onNewRequest={startOver} />;
      case 'ended':
        return <EndedActions storeId={request.storeId} />;
      case 'approved':
        return <ApprovedActions roomPath={roomPath ?? ROUTES.room} onEnter={() => roomPath && navigate(roomPath)} />;
      case 'waiting':
        return (
          <WaitingStep
            startedAt={session.startedAt}
            polling={mode === 'polling'}
            cancelling={cancel.isPending}
            cancelError={cancel.error ? apiErrorMessage(cancel.error) : null}
            onCancel={() => cancel.mutate(credentials)}
          />
        );
    }
  };
  return <StepFrame header={headerOf(stepView, session, texts)}>{stepBody()}</StepFrame>;
}
