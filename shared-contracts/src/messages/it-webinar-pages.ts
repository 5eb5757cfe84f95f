import { IT_BOOKING_PAGES } from './it-booking-pages';

/*
 * The Italian texts of the visitor's webinar pages: the list on the welcome page, a webinar's
 * page with its registration form, and the registrant's own page. The validation and the API's
 * refusals are IT_WEBINARS'.
 */

const seatsText = (count: number) => (count === 1 ? '1 posto disponibile' : `${count} posti disponibili`);

export const IT_WEBINAR_PAGES = {
  /** A wait before the start, in the coarsest unit that still says something. */
  minutes: (count: number) => IT_BOOKING_PAGES.duration(count),
  days: (count: number) => (count === 1 ? '1 giorno' : `${count} giorni`),
  seatsLeft: seatsText,
  soldOut: 'Posti esauriti',
  /** The welcome page's section: the chosen store's upcoming webinars. */
  upcoming: {
    title: 'Webinar in programma',
    live: 'In corso ora',
  },
  page: {
    store: 'Punto vendita',
    when: 'Quando',
    seats: 'Posti',
    /** The description's region, named for screen readers (it has no heading of its own). */
    description: 'Descrizione del webinar',
    loadFailed: 'Non è stato possibile caricare il webinar.',
    back: 'Torna alla pagina iniziale',
    closed: {
      cancelled: 'Il webinar è stato annullato.',
      ended: 'Il webinar è terminato.',
      started: 'Il webinar è già iniziato: le iscrizioni sono chiuse.',
      full: 'Posti esauriti: non è più possibile iscriversi.',
      other: 'Le iscrizioni a questo webinar sono chiuse.',
    },
  },
  form: {
    title: 'Iscriviti al webinar',
    lead: 'Ti invieremo per e-mail la conferma e il link personale per entrare nel webinar.',
    firstName: 'Nome',
    lastName: 'Cognome',
    email: 'E-mail',
    consentBefore: 'Ho letto e accetto ',
    consentLink: "l'informativa sulla privacy",
    opensInNewTab: '(si apre in una nuova scheda)',
    submit: 'Iscriviti',
  },
  registration: {
    title: 'La tua iscrizione',
    registrant: 'Partecipante',
    status: 'Stato',
    statuses: {
      registered: 'Confermata',
      cancelled: 'Annullata',
    },
    loadFailed: "Non è stato possibile caricare l'iscrizione.",
    notFoundTitle: 'Iscrizione non trovata',
    notFoundText: "Il link non è valido o non è completo: apri quello ricevuto nell'e-mail di conferma.",
    webinarPage: 'Vai alla pagina del webinar',
    /** Before the start: the time on the company's clock, the day too when it is not today. */
    startsAtToday: (clock: string) => `Il webinar inizierà alle ${clock}.`,
    startsOn: (day: string, clock: string) => `Il webinar inizierà ${day} alle ${clock}.`,
    startsIn: (wait: string) => `Inizia tra ${wait}.`,
    joinOpensBefore: (minutes: number) => `Potrai entrare da ${minutes} minuti prima dell'inizio.`,
    startingNow: 'Il webinar sta per iniziare.',
    live: 'Il webinar è in corso.',
    join: 'Entra nel webinar',
    ended: 'Il webinar è terminato.',
    webinarCancelled: 'Ci dispiace: il webinar è stato annullato.',
    replay: {
      title: 'Registrazione del webinar',
      processing: 'La registrazione è in preparazione: torna su questa pagina tra qualche minuto.',
      player: (title: string) => `Registrazione del webinar «${title}»`,
      download: 'Scarica la registrazione',
    },
    registrationCancelled: 'La tua iscrizione è stata annullata.',
    addToCalendar: 'Aggiungi al calendario',
    downloadIcs: 'Scarica il file per il calendario (.ics)',
    cancel: "Annulla l'iscrizione",
    cancelDialogTitle: "Annullare l'iscrizione?",
    cancelDialogText: (title: string) => `Non parteciperai più al webinar «${title}» e il tuo posto tornerà libero per altri.`,
    cancelConfirm: 'Sì, annulla',
    cancelKeep: 'No, mantienila',
    cancelled: "L'iscrizione è stata annullata.",
  },
  /** The .ics file the registrant downloads. */
  calendarFileName: 'webinar.ics',
} as const;
