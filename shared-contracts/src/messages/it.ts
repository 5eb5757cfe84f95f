/**
 * The Italian message catalogue: the texts the shell and the visitor pages need, and the shared
 * validation and error texts. Each other area has its own file beside this one (it-room,
 * it-video-room, it-backoffice, it-billing), so the welcome page downloads only these. Italian is
 * the only language; a second one is a second set of files with the same shapes.
 */
export const IT = {
  shell: {
    productName: 'Incontra',
    notFoundTitleSuffix: '404 Pagina non trovata',
    notFoundHeading: 'La pagina non è stata trovata',
    notFoundText: 'La pagina ricercata non può essere raggiunta oppure non esite.',
    errorTitleSuffix: 'Si è verificato un errore',
    errorHeading: 'Si è verificato un errore',
    errorText: 'La pagina ricercata non può essere visualizzata a causa di un errore.',
    backHome: 'Torna alla home',
    remoteFailedHeading: 'Questa sezione non è al momento disponibile',
    remoteFailedText: 'Non siamo riusciti a caricare questa parte dell’applicazione. Controlla la connessione e riprova.',
    retry: 'Riprova',
    loading: 'Caricamento…',
    /** The page of a host that belongs to no company (the API's 404; no company, so no company look). */
    unknownHostTitle: 'Indirizzo non trovato',
    unknownHostHeading: 'Questo indirizzo non porta a nessuno spazio aziendale',
    unknownHostText: 'Controlla di aver scritto bene l’indirizzo o usa il link che ti ha inviato l’azienda.',
  },
  cookies: {
    text: 'Questo sito web utilizza i cookie per assicurarti la migliore esperienza possibile.',
    learnMore: 'Scopri di più',
    accept: 'Ok, ho capito',
  },
  visitor: {
    defaultWelcomeTitle: 'Ti diamo il benvenuto',
    join: 'Partecipa',
    book: 'Prenota',
    joinDescription: 'Parla subito in video con un nostro incaricato.',
    bookDescription: 'Prenota un appuntamento nel giorno e all’ora che preferisci.',
    askName: 'Inserisci il tuo nome.',
    waiting: 'Ti preghiamo di attendere, stai per essere collegato con un nostro incaricato.',
    invited: "Hai ricevuto un'invito?",
    noStores: 'Nessun punto vendita disponibile al momento.',
    storeLabel: 'Punto vendita',
    /** The welcome page's list of the company's other stores, each leading to its live call. */
    otherStoresTitle: 'Vuoi parlare con un altro punto vendita?',
    otherStoresHint: 'Scegli il punto vendita: ti colleghiamo con un suo incaricato.',
    welcomeTitleFor: (company: string) => `${company} ti dà il benvenuto`,
    chooseAction: 'Come preferisci procedere?',
    storesLoadFailed: 'Non siamo riusciti a caricare i punti vendita.',
    back: 'Torna indietro',
    liveTitle: 'Parla con un nostro incaricato',
    continue: 'Continua',
    bookingTitle: 'Prenota un appuntamento',
    bookingSteps: { topic: 'Argomento', slot: 'Data e ora', personalData: 'Dati personali' },
    bookingSoon: 'La prenotazione online sarà disponibile a breve.',
  },
  validation: {
    companyRequired: 'Indica l’azienda.',
    usernameRequired: 'Inserisci il nome utente.',
    passwordRequired: 'Inserisci la password.',
    textTooLong: 'Il testo è troppo lungo.',
    passwordTooShort: 'La password deve avere almeno 8 caratteri.',
    passwordTooLong: 'La password è troppo lunga.',
    emailInvalid: 'Inserisci un indirizzo e-mail valido.',
    tokenRequired: 'Il codice di reimpostazione manca.',
    emailTaken: 'Questo indirizzo e-mail è già usato da un altro utente.',
    nameRequired: 'Il nome è obbligatorio.',
    firstNameInvalid: 'Inserisci un nome di al massimo 100 caratteri.',
    lastNameInvalid: 'Inserisci un cognome di al massimo 100 caratteri.',
  },
  mail: {
    passwordResetSubject: (company: string) => `${company}: reimposta la tua password`,
    passwordResetText: (name: string, link: string) =>
      `Ciao ${name},\n\nabbiamo ricevuto una richiesta di reimpostare la password del tuo account.\n` +
      `Per sceglierne una nuova apri questo link entro un'ora:\n\n${link}\n\n` +
      'Se la richiesta non è partita da te, ignora questo messaggio: la tua password resta invariata.\n',
  },
  /** Bounds on the e-mails staff actions send (429). */
  mailLimits: {
    perStaffHour: (limit: number) => `Hai raggiunto il limite di ${limit} e-mail all'ora: riprova più tardi.`,
    perStaffDay: (limit: number) => `Hai raggiunto il limite di ${limit} e-mail al giorno: riprova domani.`,
    perCompanyHour: (limit: number) => `Il personale dell'azienda ha raggiunto il limite di ${limit} e-mail all'ora: riprova più tardi.`,
    perCompanyDay: (limit: number) => `Il personale dell'azienda ha raggiunto il limite di ${limit} e-mail al giorno: riprova domani.`,
    logged: (who: string, reason: string) => `Invio di e-mail bloccato per ${who}: ${reason}`,
  },
  errors: {
    generic: 'Si è verificato un errore. Riprova.',
    network: 'Impossibile contattare il server. Controlla la connessione.',
    csrf: 'Sessione non valida: ricarica la pagina e riprova.',
    unauthorized: 'Devi accedere per continuare.',
    notFound: 'Elemento non trovato.',
    mailNotFound: 'E-mail non trovata tra quelle non consegnate.',
    tooManyRequests: 'Troppe richieste. Riprova tra qualche minuto.',
    invalidBody: 'Dati non validi.',
    forbiddenCharacter: 'Il testo contiene un carattere non ammesso.',
    websocketOnly: 'Questo indirizzo accetta solo connessioni WebSocket.',
    payloadTooLarge: 'I dati inviati sono troppo grandi.',
    nestedTooDeep: 'I dati inviati sono annidati troppo in profondità.',
    unsupportedMediaType: 'Formato dei dati non supportato.',
    unavailable: 'Il servizio è momentaneamente non disponibile. Riprova tra qualche istante.',
    dateYears: (first: number, last: number) => `Indica una data tra il ${first} e il ${last}.`,
  },
} as const;

export type Messages = typeof IT;
