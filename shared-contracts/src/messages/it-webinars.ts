/*
 * The webinars' words that the API answers and the forms show alike (a schema's error is one of
 * these), and the e-mails to registrants.
 */
export const IT_WEBINARS = {
  notFound: 'Webinar non trovato',
  registrationNotFound: 'Iscrizione non trovata',
  /** A replay link expired, deleted, or not (yet) a replay. */
  replayNotFound: 'Registrazione non disponibile: il link è scaduto o la registrazione è stata eliminata',
  storeNotFound: 'Punto vendita non trovato',
  tokenRequired: "Apri il link ricevuto per e-mail: serve per vedere l'iscrizione",
  validation: {
    store: 'Scegli il punto vendita',
    title: 'Scrivi il titolo',
    titleTooLong: (max: number) => `Il titolo può avere al massimo ${max} caratteri`,
    description: 'Descrizione non valida',
    descriptionTooLong: (kib: number) => `La descrizione può occupare al massimo ${kib} KB`,
    startsAt: "Scegli data e ora d'inizio",
    duration: (min: number, max: number) => `La durata va da ${min} a ${max} minuti`,
    capacity: (min: number, max: number) => `I posti vanno da ${min} a ${max}`,
    presenters: (max: number) => `Scegli da 1 a ${max} relatori`,
    presenter: 'Relatore non valido',
    status: 'Stato non valido',
    firstName: 'Scrivi il nome',
    lastName: 'Scrivi il cognome',
    nameTooLong: (max: number) => `Al massimo ${max} caratteri`,
    email: 'Indirizzo e-mail non valido',
    privacyConsent: "Per iscriverti accetta l'informativa sulla privacy",
  },
  rules: {
    startsInPast: "L'inizio deve essere nel futuro",
    storeUnknown: 'Punto vendita non trovato',
    presenterUnknown: 'Un relatore scelto non è un utente attivo di questo punto vendita',
    capacityOverEngine: (max: number) => `Con il video di questa installazione un webinar accoglie al massimo ${max} partecipanti`,
    capacityBelowRegistered: (registered: number) => `Ci sono già ${registered} iscritti: i posti non possono essere meno`,
    notEditable: 'Un webinar in corso, concluso o annullato non si può modificare',
    transition: (from: string, to: string) => `Un webinar «${from}» non può diventare «${to}»`,
    full: 'Posti esauriti: non è più possibile iscriversi',
    closed: 'Le iscrizioni a questo webinar sono chiuse',
    alreadyRegistered: 'Questo indirizzo e-mail è già iscritto al webinar',
    cancelled: "L'iscrizione è stata annullata",
    joinNotYet: (minutes: number) => `Potrai entrare da ${minutes} minuti prima dell'inizio`,
    joinOver: 'Il webinar è terminato',
    /** A viewer a presenter removed asks to join again. */
    removed: 'Sei stato rimosso da questo webinar da un relatore',
    notPresenter: 'Solo i relatori del webinar possono entrare come relatori',
    mediaUnavailable: 'Il servizio video del webinar non risponde: riprova tra poco',
  },
  status: {
    draft: 'Bozza',
    published: 'Pubblicato',
    live: 'In corso',
    ended: 'Concluso',
    cancelled: 'Annullato',
  },
  activity: {
    created: (title: string) => `Creato il webinar «${title}»`,
    updated: (title: string) => `Modificato il webinar «${title}»`,
    status: (title: string, status: string) => `Webinar «${title}»: ${status}`,
  },
  mail: {
    confirmationSubject: (title: string) => `Iscrizione confermata: ${title}`,
    confirmation: (name: string, title: string, when: string, link: string) =>
      `Ciao ${name},\n\nla tua iscrizione al webinar «${title}» è confermata.\nQuando: ${when}\n\nDal giorno del webinar entri da qui (il link è personale: non condividerlo):\n${link}\n\nDalla stessa pagina puoi aggiungere il webinar al calendario o annullare l'iscrizione.`,
    reminderDaySubject: (title: string) => `Domani: ${title}`,
    reminderSoonSubject: (title: string) => `Tra poco inizia: ${title}`,
    reminder: (name: string, title: string, when: string, link: string) =>
      `Ciao ${name},\n\nti ricordiamo il webinar «${title}».\nQuando: ${when}\n\nEntra da qui (il link è personale):\n${link}`,
    cancelledSubject: (title: string) => `Webinar annullato: ${title}`,
    cancelled: (name: string, title: string, when: string) => `Ciao ${name},\n\nci dispiace: il webinar «${title}» previsto per ${when} è stato annullato.`,
    registrationCancelledSubject: (title: string) => `Iscrizione annullata: ${title}`,
    registrationCancelled: (name: string, title: string) => `Ciao ${name},\n\nla tua iscrizione al webinar «${title}» è stata annullata.`,
    movedSubject: (title: string) => `Nuovo orario: ${title}`,
    moved: (name: string, title: string, when: string, link: string) =>
      `Ciao ${name},\n\nil webinar «${title}» ha un nuovo orario: ${when}.\nLa tua iscrizione resta valida; entri sempre da qui:\n${link}`,
  },
  calendar: {
    description: (link: string) => `Entra nel webinar: ${link}`,
  },
} as const;
