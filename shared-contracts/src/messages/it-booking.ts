/**
 * The Italian texts of booking: the visitor's three steps, the customer's manage page, the
 * e-mails, and the API's refusals of availability questions and reservations.
 */
export const IT_BOOKING = {
  validation: {
    store: 'Scegli un punto vendita.',
    topic: "Scegli l'argomento dell'appuntamento.",
    room: 'Scegli una stanza valida.',
    reservation: 'Indica la prenotazione.',
    participantName: 'Inserisci il nome del partecipante.',
    startsAt: "Scegli una data e un orario per l'appuntamento.",
    date: 'Indica una data nel formato AAAA-MM-GG.',
    outsideHorizon: (days: number) => `Scegli date tra oggi e i prossimi ${days} giorni.`,
    dateRange: (maxDays: number) => `Chiedi al massimo ${maxDays} giorni alla volta, dalla data iniziale a quella finale.`,
    firstName: 'Inserisci il tuo nome.',
    lastName: 'Inserisci il tuo cognome.',
    nameTooLong: (max: number) => `Può avere al massimo ${max} caratteri.`,
    nameCharacters: 'Non può contenere i simboli < e > né caratteri di controllo o invisibili.',
    email: 'Inserisci un indirizzo e-mail valido (per esempio nome@esempio.it).',
    phone: 'Inserisci un numero di telefono valido (per esempio +39 333 123 4567).',
    notes: (max: number) => `Le note possono avere al massimo ${max} caratteri.`,
    privacyConsent: "Per prenotare devi accettare l'informativa sulla privacy.",
    status: 'Indica uno stato valido: prenotata, annullata, svolta o non presentato.',
    updateOneOf: "Indica un nuovo orario (startsAt) oppure com'è andato l'appuntamento (status), non entrambi.",
    idempotencyKey: "L'intestazione Idempotency-Key deve avere da 16 a 128 caratteri tra lettere, cifre, - e _.",
  },
  errors: {
    storeNotFound: 'Punto vendita non trovato.',
    topicNotFound: 'Argomento non trovato in questo punto vendita.',
    roomNotFound: 'Stanza non trovata tra quelle di questo argomento.',
    /** The start asked for is not one of the free times (closed, too soon, past the horizon, full). */
    slotUnavailable: 'Questo orario non è più disponibile',
    reservationNotFound: 'Prenotazione non trovata.',
    tokenRequired: 'Per vedere la prenotazione serve il link ricevuto per e-mail.',
    notBooked: 'La prenotazione non è più attiva: è stata annullata o si è già svolta.',
    cutoffPassed: (hours: string) => `La prenotazione si può modificare o annullare fino a ${hours} prima dell'appuntamento.`,
    sameStart: "L'appuntamento è già a quest'ora.",
    idempotencyMismatch: 'Questa Idempotency-Key è già stata usata per una prenotazione diversa.',
    statusBeforeStart: "Si può indicare com'è andato l'appuntamento solo dopo il suo inizio.",
    statusNotActive: 'Una prenotazione annullata non si può segnare come svolta o non presentata.',
    tooManyForEmail: 'Hai già troppe prenotazioni in corso con questo indirizzo e-mail. Annullane una o contattaci.',
    /** The link of a booking waiting for its e-mail confirmation: wrong, or for another company. */
    confirmationNotFound: 'Link di conferma non valido: controlla di averlo aperto per intero dall’e-mail.',
    confirmationExpired: 'Il link di conferma è scaduto: prenota di nuovo.',
    participantNotFound: 'Partecipante non trovato.',
    participantTokenRequired: "Per vedere l'invito serve il link ricevuto per e-mail.",
    participantExists: 'Questo indirizzo e-mail è già invitato a questo appuntamento.',
    participantsFull: (max: number) => `A un appuntamento si possono invitare al massimo ${max} partecipanti.`,
    invitesExhausted: (max: number) => `Per questo appuntamento sono già stati inviati ${max} inviti: non se ne possono inviare altri.`,
  },
  /** While a store's breaker is on: the customer confirms from their e-mail; the staff are told of the trip. */
  confirmationMail: {
    subject: (company: string, when: string) => `Conferma il tuo appuntamento: ${when} · ${company}`,
    text: (name: string, company: string, when: string, minutes: number, link: string) =>
      [
        `Ciao ${name},`,
        `per confermare la videochiamata con ${company} di ${when} apri questo link entro ${minutes} minuti:`,
        link,
        '',
        'Finché non confermi, l’orario non è riservato. Se non hai chiesto tu questo appuntamento, ignora questa e-mail.',
        '',
        company,
      ].join('\n'),
    staffSubject: (store: string) => `Molte prenotazioni in poco tempo: ${store}`,
    staffText: (store: string, count: number, windowMinutes: number, holdMinutes: number) =>
      [
        `Il punto vendita ${store} ha ricevuto più di ${count} prenotazioni online in ${windowMinutes} minuti.`,
        `Per i prossimi ${holdMinutes} minuti le nuove prenotazioni dei clienti valgono solo dopo la conferma dal link ricevuto per e-mail.`,
        'Controlla nell’agenda le prenotazioni appena arrivate: se non le riconosci, annullale.',
      ].join('\n'),
  },
  mail: {
    confirmedSubject: (company: string, when: string) => `Appuntamento confermato: ${when} · ${company}`,
    movedSubject: (company: string, when: string) => `Appuntamento spostato: ${when} · ${company}`,
    cancelledSubject: (company: string, when: string) => `Appuntamento annullato: ${when} · ${company}`,
    reminderSubject: (company: string, when: string) => `Promemoria: appuntamento ${when} · ${company}`,
    staffNewSubject: (when: string, customer: string) => `Nuova prenotazione: ${when} · ${customer}`,
    staffMovedSubject: (when: string, customer: string) => `Prenotazione spostata: ${when} · ${customer}`,
    staffCancelledSubject: (when: string, customer: string) => `Prenotazione annullata: ${when} · ${customer}`,
    /** The visitor's informal «tu», as on the pages. */
    greeting: (firstName: string) => `Ciao ${firstName},`,
    confirmedIntro: 'il tuo appuntamento è confermato.',
    movedIntro: 'il tuo appuntamento è stato spostato.',
    cancelledIntro: 'il tuo appuntamento è stato annullato.',
    reminderDayIntro: 'ti ricordiamo il tuo appuntamento di domani.',
    reminderHourIntro: 'ti ricordiamo il tuo appuntamento tra circa un’ora.',
    what: 'Argomento',
    /** The staff's notice: the store and room the appointment belongs to. */
    where: 'Dove',
    when: 'Quando',
    /** The customer's and participants' letters: a video call, never an address that reads as a visit to the store. */
    videoCall: 'Videochiamata',
    with: 'Con',
    join: (minutes: number) => `Per entrare nella videochiamata (il link si apre ${minutes} minuti prima dell’inizio):`,
    manage: 'Per vedere, spostare o annullare la prenotazione:',
    calendar: 'In allegato trovi l’evento da aggiungere al tuo calendario.',
    staffCustomer: 'Cliente',
    staffNotes: 'Note',
    staffContact: 'Contatti',
    signature: (company: string) => `A presto,\n${company}`,
    participantSubject: (company: string, when: string) => `Invito a una videochiamata: ${when} · ${company}`,
    participantWithdrawnSubject: (company: string, when: string) => `Invito ritirato: ${when} · ${company}`,
    participantIntro: 'hai un invito a partecipare a una videochiamata.',
    participantWithdrawnIntro: "l'invito a questo appuntamento è stato ritirato: il tuo link non è più valido.",
    participantSameLink: 'Il tuo link personale per entrare nella videochiamata resta quello ricevuto con l’invito.',
    participantJoin: (minutes: number) => `Il tuo link personale per entrare nella videochiamata (si apre ${minutes} minuti prima dell’inizio):`,
  },
  /** The activity log's lines for staff changes of a reservation: `who` the customer, `when` its start (whenText). */
  activity: {
    created: (who: string, when: string) => `Creata la prenotazione di ${who} per ${when}`,
    cancelled: (who: string, when: string) => `Annullata la prenotazione di ${who} del ${when}`,
    moved: (who: string, when: string) => `Spostata la prenotazione di ${who} a ${when}`,
    completed: (who: string, when: string) => `Segnata come svolta la prenotazione di ${who} del ${when}`,
    no_show: (who: string, when: string) => `Segnata come non presentato la prenotazione di ${who} del ${when}`,
    participantInvited: (participant: string, who: string, when: string) => `Invitato ${participant} all'appuntamento di ${who} del ${when}`,
    participantWithdrawn: (participant: string, who: string, when: string) => `Ritirato l'invito di ${participant} all'appuntamento di ${who} del ${when}`,
  },
  /** A length of time, as the cut-off's refusal names it: "2 ore", "30 minuti", "1 ora e 30 minuti", "1 giorno". */
  duration: (minutes: number): string => {
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    const rest = minutes % 60;
    const parts: string[] = [];
    if (days) parts.push(days === 1 ? '1 giorno' : `${days} giorni`);
    if (hours) parts.push(hours === 1 ? '1 ora' : `${hours} ore`);
    if (rest || parts.length === 0) parts.push(rest === 1 ? '1 minuto' : `${rest} minuti`);
    return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}` : parts[0]!;
  },
};
