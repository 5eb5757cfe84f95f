import type { CreatedReservation, PendingReservation } from '@incontra/contracts/api/reservations';
import type { FreeTime } from '@incontra/mfe-kit/booking/slot-taken';

/**
 * `email`: the booking waits for the link e-mailed to the customer (the store's breaker is on);
 * `payment`: a priced topic's place is held while the customer pays.
 */
export type BookingStep = 'topic' | 'slot' | 'details' | 'email' | 'payment' | 'done';

/** The third step's fields, kept here so that going back to the calendar loses nothing typed. */
export interface CustomerDetails extends Record<string, string> {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notes: string;
}

export interface BookingFlowState {
  step: BookingStep;
  topicId: string | null;
  /** The day open in the calendar. */
  date: string | null;
  /** The free time chosen (its day is `date`). */
  slot: FreeTime | null;
  details: CustomerDetails;
  consent: boolean;
  created: CreatedReservation | null;
  pending: PendingReservation | null;
}

export type BookingFlowAction =
  | { type: 'topic'; topicId: string }
  | { type: 'day'; date: string }
  | { type: 'time'; slot: FreeTime }
  | { type: 'go'; step: Exclude<BookingStep, 'done' | 'payment'> }
  | { type: 'details'; details: CustomerDetails }
  | { type: 'consent'; consent: boolean }
  | { type: 'created'; created: CreatedReservation }
  | { type: 'pending'; pending: PendingReservation }
  | { type: 'paid'; created: CreatedReservation }
  | { type: 'holdExpired' };

export const INITIAL_BOOKING_FLOW: BookingFlowState = {
  step: 'topic',
  topicId: null,
  date: null,
  slot: null,
  details: { firstName: '', lastName: '', email: '', phone: '', notes: '' },
  consent: false,
  created: null,
  pending: null,
};

/** The steps in order: one is reached only with what the ones before it chose. */
export const BOOKING_STEPS = ['topic', 'slot', 'details'] as const;

function reachable(state: BookingFlowState, step: BookingStep): boolean {
  if (step === 'slot') return state.topicId !== null;
  if (step === 'details') return state.topicId !== null && state.slot !== null;
  return step === 'topic';
}

export function bookingFlowReducer(state: BookingFlowState, action: BookingFlowAction): BookingFlowState {
  // Both ends are final: what was sent cannot be edited from here.
  if (state.step === 'done' || state.step === 'email') return state;
  // While the place is held the customer pays, or the hold ends and they choose another time.
  if (state.step === 'payment') {
    if (action.type === 'paid') return { ...state, step: 'done', created: action.created };
    if (action.type === 'holdExpired') return { ...state, step: 'slot', slot: null, created: null };
    return state;
  }
  switch (action.type) {
    case 'topic':
      // Another topic has other times: the day and time chosen for the previous one go.
      return action.topicId === state.topicId ? { ...state, step: 'slot' } : { ...state, step: 'slot', topicId: action.topicId, date: null, slot: null };
    case 'day':
      return { ...state, date: action.date, slot: state.slot?.date === action.date ? state.slot : null };
    case 'time':
      return { ...state, date: action.slot.date, slot: action.slot };
    case 'go':
      return reachable(state, action.step) ? { ...state, step: action.step } : state;
    case 'details':
      return { ...state, details: action.details };
    case 'consent':
      return { ...state, consent: action.consent };
    case 'created':
      return { ...state, step: action.created.checkout ? 'payment' : 'done', created: action.created };
    case 'pending':
      return { ...state, step: 'email', pending: action.pending };
    case 'paid':
    case 'holdExpired':
      return state;
  }
}
