import { useState } from 'react';
import type { AffectedAppointment, AffectedChoice, ClosingDecision } from '@incontra/contracts/api/room-management';
import { appointmentsLeftOutBy } from '../api/closing-conflict';

/** A write of the opening that left appointments out, waiting for staff to decide about them. */
export interface PendingClosing<Variables, Result> {
  variables: Variables;
  appointments: AffectedAppointment[];
  onSaved?: (result: Result) => void;
}

/**
 * Closing time over booked appointments, for one kind of opening write: `attempt` sends it; when
 * the API lists appointments it would leave out, the write is kept pending (nothing was saved)
 * and `decide` sends it again with the staff's choice for exactly those appointments. Any other
 * failure rejects `attempt` and stays in the write's own error state, which the forms show.
 */
export function useClosingDecision<Variables, Result>(
  write: (variables: Variables) => Promise<Result>,
  withDecision: (variables: Variables, decision: ClosingDecision) => Variables,
) {
  const [pending, setPending] = useState<PendingClosing<Variables, Result> | null>(null);

  async function attempt(variables: Variables, onSaved?: (result: Result) => void): Promise<void> {
    let result: Result;
    try {
      result = await write(variables);
    } catch (error) {
      const appointments = appointmentsLeftOutBy(error);
      if (!appointments) throw error;
      // Asked again (one more appointment was booked meanwhile): the list shown is the new one.
      setPending({ variables, appointments, onSaved });
      return;
    }
    setPending(null);
    onSaved?.(result);
  }

  /** Sends the pending write again with the choice; a failure stays in the write's error state (the dialog shows it). */
  function decide(affected: AffectedChoice, message: string): Promise<void> {
    if (!pending) return Promise.resolve();
    const decision: ClosingDecision = {
      affected,
      affectedIds: pending.appointments.map((appointment) => appointment.id),
      message: affected === 'cancel' ? message : null,
    };
    return attempt(withDecision(pending.variables, decision), pending.onSaved).catch(() => undefined);
  }

  return { pending, attempt, decide, dismiss: () => setPending(null) };
}
