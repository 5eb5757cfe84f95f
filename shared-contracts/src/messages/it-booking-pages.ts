/**
 * The Italian texts of the visitor's booking pages: the three steps (topic, date and time,
 * personal data), the confirmation, and the customer's manage page. The validation and the API's
 * refusals are IT_BOOKING's.
 */
const minutesText = (count: number) => (count === 1 ? '1 minuto' : `${count} minuti`);
const hoursText = (count: number) => (count === 1 ? '1 ora' : `${count} ore`);
const daysText = (count: number) => (count === 1 ? '1 giorno' : `${count} giorni`);

export const IT_BOOKING_PAGES = {
  /** The step's heading, focused when the step changes: "Passo 2 di 3: Data e ora". */
  stepHeading: (step: number, of: number, name: string) => `Passo ${step} di ${of}: ${name}`,
  back: 'Indietro',
  change: 'Cambia',
  /** A length of time: '30 minuti', '1 ora', '1 ora e 30 minuti'. */
  duration: (minutes: number) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return minutesText(rest);
    return rest === 0 ? hoursText(hours) : `${hoursText(hours)} e ${minutesText(rest)}`;
  },
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
    /** Above the calendar: what the appointment is and how long it lasts (the rooms of a topic may differ). */
    callLength: (duration: string) => `Videochiamata di ${duration}`,
    callLengthBetween: (shortest: string, longest: string) => `Videochiamata da ${shortest} a ${longest}`,
    previousMonth: 'Mese precedente',
    nextMonth: 'Mese successivo',
    legend: 'I giorni con orari liberi sono evidenziati.',
    timesOf: (day: string) => `Orari liberi di ${day}`,
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
    when: 'Quando',
    status: 'Stato',
    /** The appointment is a video call: its day, time and length under this label, not a place. */
    videoCall: 'Videochiamata',
    /** Whom the customer meets: the company and its store. */
    with: 'Con',
  },
  /** The way into the call, on the confirmation and the manage page. */
  join: {
    enter: 'Entra nella videochiamata',
    /** Before the link opens: 'Disponibile tra 2 giorni', 'tra 3 ore', 'tra 14 minuti'. */
    opensIn: (wait: string) => `Disponibile tra ${wait}`,
    days: daysText,
    hours: hoursText,
    minutes: minutesText,
    opensBefore: (minutes: number) => `Il link si attiva ${minutes} minuti prima dell'inizio.`,
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
  /** After a booking made while the store asks for e-mail confirmation: nothing is held yet. */
  emailCheck: {
    title: 'Controlla la tua e-mail',
    lead: (email: string) => `Ti abbiamo inviato un link all'indirizzo ${email}: aprilo per confermare la prenotazione.`,
    validity: (minutes: number, until: string) => `Il link vale ${minutes} minuti, fino alle ${until}.`,
    notHeld: "Finché non confermi, l'orario non è riservato: nel frattempo qualcun altro potrebbe prenotarlo.",
    spam: "Non trovi l'e-mail? Guarda anche nella posta indesiderata.",
  },
  /** `/prenota/conferma`: the e-mailed link of a booking waiting for its confirmation. */
  confirmLink: {
    title: 'Conferma della prenotazione',
    confirming: 'Stiamo confermando la tua prenotazione…',
    failedTitle: 'Prenotazione non confermata',
    bookAgain: 'Torna alla prenotazione',
  },
  manage: {
    title: 'La tua prenotazione',
    /** Said of the booking («prenotazione»); a no-show names the fact, not the person (no gendered «Non presentato»). */
    status: {
      booked: 'Confermata',
      cancelled: 'Annullata',
      completed: 'Svolta',
      no_show: 'Mancata presenza',
      held: 'In attesa di pagamento',
      expired: 'Scaduta: non pagata in tempo',
    },
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
