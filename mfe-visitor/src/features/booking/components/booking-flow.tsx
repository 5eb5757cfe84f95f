import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useReducer } from 'react';
import type { Store } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import { useStoreConfig } from '../../stores/api/get-store-config';
import { topicDurations } from '../dates/durations';
import { BOOKING_STEPS, bookingFlowReducer, INITIAL_BOOKING_FLOW, type BookingStep } from '../hooks/booking-flow-state';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { isPendingConfirmation } from '../api/create-reservation';
import { BookingConfirmation } from './booking-confirmation';
import { DetailsStep } from './details-step';
import { EmailCheck } from './email-check';
import { PaymentStep } from './payment-step';
import { SlotPicker } from './slot-picker';
import { TopicStep } from './topic-step';

const T = IT_BOOKING_PAGES;
const STEP_NAMES: Record<Exclude<BookingStep, 'done' | 'email' | 'payment'>, string> = {
  topic: IT.visitor.bookingSteps.topic,
  slot: IT.visitor.bookingSteps.slot,
  details: IT.visitor.bookingSteps.personalData,
};

function stepHeading(step: BookingStep): string {
  if (step === 'done') return T.confirmation.title;
  if (step === 'email') return T.emailCheck.title;
  if (step === 'payment') return IT_PAID_BOOKING.page.stepTitle;
  return T.stepHeading(BOOKING_STEPS.indexOf(step) + 1, BOOKING_STEPS.length, STEP_NAMES[step]);
}

/** One choice made in an earlier step, with the way back to it. */
function Choice({ label, value, changeLabel, onChange }: { label: string; value: string; changeLabel: string; onChange(): void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
        {`${label}: `}
        <strong>{value}</strong>
      </Text>
      {/* Never squeezed: on a 320 px screen the text wraps instead. */}
      <Button variant="subtle" size="compact-sm" onClick={onChange} aria-label={changeLabel} style={{ flexShrink: 0 }}>
        {T.change}
      </Button>
    </Group>
  );
}

/**
 * The booking's three steps in one store — topic, date and time, personal data — then the
 * confirmation. Each step's heading takes the focus when the step changes; what earlier steps
 * chose stays in view with a way back to it, and nothing typed is lost on the way.
 */
export function BookingFlow({ store }: { store: Store }) {
  const config = useStoreConfig(store.id);
  const [state, dispatch] = useReducer(bookingFlowReducer, INITIAL_BOOKING_FLOW);
  const heading = useFocusOnChange<HTMLHeadingElement>(state.step);
  const topic = config.store?.topics.find((candidate) => candidate.id === state.topicId) ?? null;

  const body = () => {
    switch (state.step) {
      case 'topic':
        return <TopicStep config={config} selected={state.topicId} onSelect={(chosen) => dispatch({ type: 'topic', topicId: chosen.id })} />;
      case 'slot':
        return (
          topic && (
            <>
              <SlotPicker
                storeId={store.id}
                topicId={topic.id}
                date={state.date}
                slot={state.slot}
                onDayChange={(date) => dispatch({ type: 'day', date })}
                onTimeChange={(slot) => dispatch({ type: 'time', slot })}
                durations={config.store ? topicDurations(config.store, topic.id) : []}
              />
              <Group justify="space-between">
                <Button variant="default" onClick={() => dispatch({ type: 'go', step: 'topic' })}>
                  {T.back}
                </Button>
                <Button disabled={!state.slot} onClick={() => dispatch({ type: 'go', step: 'details' })}>
                  {IT.visitor.continue}
                </Button>
              </Group>
            </>
          )
        );
      case 'details':
        return (
          topic &&
          state.slot && (
            <>
              <DetailsStep
                storeId={store.id}
                topicId={topic.id}
                slot={state.slot}
                details={state.details}
                onDetailsChange={(details) => dispatch({ type: 'details', details })}
                consent={state.consent}
                onConsentChange={(consent) => dispatch({ type: 'consent', consent })}
                onSlotChange={(slot) => dispatch({ type: 'time', slot })}
                onBackToCalendar={() => dispatch({ type: 'go', step: 'slot' })}
                onCreated={(answer) => dispatch(isPendingConfirmation(answer) ? { type: 'pending', pending: answer } : { type: 'created', created: answer })}
              />
              <Button variant="default" onClick={() => dispatch({ type: 'go', step: 'slot' })} style={{ alignSelf: 'flex-start' }}>
                {T.back}
              </Button>
            </>
          )
        );
      case 'email':
        return state.pending && <EmailCheck pending={state.pending} />;
      case 'payment':
        return (
          state.created?.checkout && (
            <PaymentStep
              created={state.created}
              checkout={state.created.checkout}
              onPaid={(created) => dispatch({ type: 'paid', created })}
              onExpired={() => dispatch({ type: 'holdExpired' })}
            />
          )
        );
      case 'done':
        // Under the step's h2.
        return state.created && <BookingConfirmation created={state.created} headingOrder={3} />;
    }
  };

  return (
    <Stack gap="md">
      <Title order={2} ref={heading} tabIndex={-1} data-testid="booking-step-heading">
        {stepHeading(state.step)}
      </Title>
      {state.step !== 'topic' && state.step !== 'done' && state.step !== 'email' && state.step !== 'payment' && topic && (
        <Stack gap={4}>
          <Choice label={T.summary.what} value={topic.name} changeLabel={T.changeTopic} onChange={() => dispatch({ type: 'go', step: 'topic' })} />
          {state.step === 'details' && state.slot && (
            <Choice
              label={T.summary.when}
              value={`${formatDay(state.slot.date)}, ${state.slot.time}`}
              changeLabel={T.changeTime}
              onChange={() => dispatch({ type: 'go', step: 'slot' })}
            />
          )}
        </Stack>
      )}
      {body()}
    </Stack>
  );
}
