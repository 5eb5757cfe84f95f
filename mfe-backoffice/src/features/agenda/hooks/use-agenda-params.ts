import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '@incontra/contracts/routes';
import { todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

export type AgendaView = 'day' | 'week' | 'list';

/*
 * What the agenda shows lives in the address (?vista=settimana&giorno=2026-03-02&punto-vendita=…):
 * a reload or a shared link opens the same day, store and appointment.
 */
const PARAM = { view: 'vista', day: 'giorno', store: 'punto-vendita', room: 'stanza', open: 'appuntamento', created: 'nuovo' } as const;
const VIEW_NAMES: Record<AgendaView, string> = { day: 'giorno', week: 'settimana', list: 'elenco' };
/** The store choice of the list view that takes every store. */
export const ALL_STORES = 'tutti';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string | null): value is string => value !== null && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));

function viewOf(name: string | null): AgendaView {
  return (Object.keys(VIEW_NAMES) as AgendaView[]).find((view) => VIEW_NAMES[view] === name) ?? 'day';
}

/** The agenda's address for a day (and an appointment to open on it): the dashboard's links. */
export function agendaHref({ day, storeId, reservationId }: { day?: string; storeId?: string; reservationId?: string } = {}): string {
  const query = new URLSearchParams();
  if (day) query.set(PARAM.day, day);
  if (storeId) query.set(PARAM.store, storeId);
  if (reservationId) query.set(PARAM.open, reservationId);
  const search = query.toString();
  return search ? `${ROUTES.agenda}?${search}` : ROUTES.agenda;
}

export function useAgendaParams() {
  const { company } = useMfeProps();
  const [params, setParams] = useSearchParams();
  const dayParam = params.get(PARAM.day);

  const update = (changes: Partial<Record<keyof typeof PARAM, string | null>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // The new appointment stays marked until the agenda is taken elsewhere.
        next.delete(PARAM.created);
        for (const [key, value] of Object.entries(changes) as [keyof typeof PARAM, string | null][]) {
          if (value === null) next.delete(PARAM[key]);
          else next.set(PARAM[key], value);
        }
        return next;
      },
      { replace: true },
    );

  return {
    view: viewOf(params.get(PARAM.view)),
    /** The day shown (the week around it), today on the company's clock unless chosen. */
    day: isDate(dayParam) ? dayParam : todayIn(company.timeZone),
    /** A store's id, ALL_STORES, or null (none chosen: the first). */
    store: params.get(PARAM.store),
    room: params.get(PARAM.room),
    /** The appointment whose details are open. */
    openId: params.get(PARAM.open),
    setView: (view: AgendaView) => update({ view: view === 'day' ? null : VIEW_NAMES[view] }),
    setDay: (day: string) => update({ day }),
    /** Another store's rooms are other rooms: the room filter goes. */
    setStore: (store: string) => update({ store, room: null }),
    setRoom: (room: string | null) => update({ room }),
    openDay: (day: string) => update({ day, view: null }),
    /** The appointment just booked here: its day and store in the day view, the appointment marked. */
    created: params.get(PARAM.created),
    showCreated: ({ day, storeId, id }: { day: string; storeId: string; id: string }) =>
      update({ day, view: null, store: storeId, room: null, open: null, created: id }),
    open: (id: string) => update({ open: id }),
    close: () => update({ open: null }),
  };
}
