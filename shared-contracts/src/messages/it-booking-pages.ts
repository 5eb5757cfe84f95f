/**
 * The Italian texts of the visitor's booking pages: the three steps (topic, date and time,
 * personal data), the confirmation, and the customer's manage page. The validation and the API's
 * refusals are IT_BOOKING's.
 */
export const IT_BOOKING_PAGES = {
  /** The step's heading, focused when the step changes: "Passo 2 di 3: Data e ora". */
  stepHeading: (step: number, of: number, name: string) => `Passo ${step} di ${of}: ${name}`,
  back: 'Indietro',
  change: 'Cambia',
  changeTopic: 'Cambia argomento',
  changeTime: 'Cambia data e ora',
  store: {
    title: 'Scegli il punto vendita',
    lead: 'In quale punto vendita vuoi prenotare?',
  },
  topic: {
    lead: 'Di che cosa vuoi parlare?',
    empty: 'In questo punto vendita non ci sono ancora appuntamenti prenotabili online.',
  },
  slot: {
    previousMonth: 'Mese precedente',
    nextMonth: 'Mese successivo',
    legend: 'I giorni con orari liberi sono evidenziati.',
    timesOf: (day: string) => `Orari liberi di ${day}`,
    chooseDay: 'Scegli un giorno per vedere gli orari liberi.',
    noTimes: 'In questo giorno non ci sono più orari liberi: scegline un altro.',
    noFreeDays: (days: number) => `Non ci sono orari liberi nei prossimi ${days} giorni. Riprova più avanti o contattaci.`,
    /** Under the times when the visitor's clock is not the company's. */
    timeZoneNote: (timeZone: string) => `Orari nel fuso ${timeZone}`,
  },
  details: {
    firstName: 'Nome',
    lastName: 'Cognome',
    email: 'E-mail',
    phone: 'Telefono',
    notes: 'Note (facoltative)',
    consentBefore: 'Ho letto e accetto ',
    consentLink: "l'informativa sulla privacy",
    opensInNewTab: '(si apre in una nuova scheda)',
    submit: 'Conferma la prenotazione',
  },
  slotTaken: {
    alternatives: 'Questi sono gli orari liberi più vicini: scegline uno e conferma di nuovo.',
    noAlternatives: 'Non ci sono altri orari liberi vicini: scegline un altro dal calendario.',
    backToCalendar: 'Scegli dal calendario',
  },
  summary: {
    what: 'Argomento',
    where: 'Dove',
    when: 'Quando',
    status: 'Stato',
  },
  confirmation: {
    title: 'Prenotazione confermata',
    lead: (email: string) => `Ti abbiamo inviato i dettagli all'indirizzo ${email}.`,
    addToCalendar: 'Aggiungi al calendario',
    downloadIcs: 'Scarica il file per il calendario (.ics)',
    googleCalendar: 'Aggiungi a Google Calendar',
    manage: 'Sposta o annulla la prenotazione',
    manageHint: "Trovi lo stesso link anche nell'e-mail di conferma.",
  },
  manage: {
    title: 'La tua prenotazione',
    status: { booked: 'Confermata', cancelled: 'Annullata', completed: 'Svolta', no_show: 'Non presentato' },
    changeableUntil: (when: string) => `Puoi spostarla o annullarla fino a ${when}.`,
    notChangeable: 'Questa prenotazione non si può più spostare né annullare online.',
    cancelledNotice: 'Questa prenotazione è stata annullata.',
    move: "Sposta l'appuntamento",
    moveTitle: 'Scegli il nuovo giorno e orario',
    moveConfirm: 'Sposta a questo orario',
    moveKeep: "Lascia l'orario com'è",
    moved: (when: string) => `Appuntamento spostato a ${when}.`,
    cancel: 'Annulla la prenotazione',
    cancelDialogTitle: 'Annullare la prenotazione?',
    cancelDialogText: (when: string) => `L'appuntamento di ${when} verrà annullato e il posto tornerà libero per altri.`,
    cancelConfirm: 'Sì, annulla',
    cancelKeep: 'No, tienila',
    cancelled: 'La prenotazione è stata annullata.',
    noTopic: "L'argomento di questa prenotazione non è più prenotabile online: per spostarla contattaci.",
    bookAgain: 'Prenota un altro appuntamento',
    notFoundTitle: 'Prenotazione non trovata',
    notFoundText: "Il link non è valido o non è completo: apri quello ricevuto nell'e-mail di conferma.",
  },
  /** The .ics file the customer downloads. */
  calendarFileName: 'appuntamento.ics',
} as const;
