/**
 * The Italian texts of the back office's webinars: the list, the editor, the status moves, the
 * registrations with their CSV and the presenter's entry. The refusals and the status names are
 * the API's own (IT_WEBINARS).
 */
export const IT_WEBINAR_BACKOFFICE = {
  nav: 'Webinar',
  /** '03/03/2026, 18:30–19:30': a webinar's day and times on the company's clock. */
  when: (day: string, from: string, to: string) => `${day}, ${from}–${to}`,
  /** '03/03/2026, 18:30': a moment on the company's clock (a registration). */
  moment: (day: string, clock: string) => `${day}, ${clock}`,
  minutes: (minutes: number) => `${minutes} minuti`,
  list: {
    description: 'Le presentazioni dei tuoi punti vendita: creale, pubblicale, conducile e segui gli iscritti.',
    create: 'Nuovo webinar',
    store: 'Punto vendita',
    allStores: 'Tutti i punti vendita',
    status: 'Stato',
    allStatuses: 'Tutti gli stati',
    caption: 'Elenco dei webinar',
    title: 'Titolo',
    when: 'Data e ora',
    seats: 'Iscritti / posti',
    seatsValue: (registered: number, capacity: number) => `${registered} / ${capacity}`,
    empty: 'Non ci sono ancora webinar: crea il primo con «Nuovo webinar».',
    emptyFiltered: 'Nessun webinar con questi filtri.',
  },
  form: {
    createTitle: 'Nuovo webinar',
    createDescription: 'Il webinar nasce come bozza: i visitatori lo vedono dopo la pubblicazione.',
    title: 'Titolo',
    store: 'Punto vendita',
    chooseStore: 'Scegli il punto vendita',
    storeFixed: 'Il punto vendita non si può cambiare dopo la creazione.',
    noStores: 'Non ci sono punti vendita a cui collegare un webinar.',
    date: 'Data di inizio',
    time: 'Ora di inizio',
    timeZone: (zone: string) => `Fuso orario dell’azienda: ${zone}`,
    timeInvalid: 'Scrivi l’ora nel formato hh:mm, per esempio 18:30',
    timeSkipped: 'Quest’ora non esiste in quel giorno per il passaggio all’ora legale: scegline un’altra',
    duration: 'Durata in minuti',
    capacity: 'Posti',
    capacityHelp: 'Quante persone possono iscriversi',
    presenters: 'Relatori',
    presentersHelp: (max: number) => `Da 1 a ${max} utenti attivi che servono il punto vendita`,
    presentersLoadFailed: 'Non siamo riusciti a caricare gli utenti: per ora puoi tenere i relatori scelti.',
    /** An operator cannot list the company's users: the presenters are shown, not chosen. */
    presentersYou: (name: string) => `Relatore: ${name} (tu). Solo un amministratore può sceglierne altri.`,
    presentersFixed: 'Solo un amministratore può cambiare i relatori.',
    description: 'Descrizione',
    /** The description editor's undo: «Annulla» alone is the form's way out. */
    editorUndo: 'Annulla l’ultima modifica',
    create: 'Crea il webinar',
    created: 'Webinar creato come bozza.',
    saved: 'Webinar salvato.',
  },
  detail: {
    back: 'Tutti i webinar',
    statusTitle: 'Stato',
    detailsTitle: 'Dettagli',
    store: 'Punto vendita',
    when: 'Quando',
    duration: 'Durata',
    seats: 'Posti',
    seatsValue: (registered: number, capacity: number) => `${registered} iscritti su ${capacity}`,
    presenters: 'Relatori',
    description: 'Descrizione',
    noDescription: 'Nessuna descrizione.',
    hints: {
      draft: 'È una bozza: pubblicalo per aprire le iscrizioni.',
      published: (minutes: number) => `Le iscrizioni sono aperte. Puoi avviarlo da ${minutes} minuti prima dell’inizio.`,
      live: 'Il webinar è in corso.',
      ended: 'Il webinar è concluso.',
      cancelled: 'Il webinar è stato annullato.',
    },
  },
  actions: {
    publish: 'Pubblica',
    start: 'Avvia',
    end: 'Termina',
    cancel: 'Annulla webinar',
    published: 'Webinar pubblicato: le iscrizioni sono aperte.',
    started: 'Webinar avviato.',
    ended: 'Webinar terminato.',
    cancelled: 'Webinar annullato: gli iscritti ricevono un’e-mail.',
    keep: 'No, torna indietro',
    confirmEndTitle: 'Terminare il webinar?',
    confirmEndText: (title: string) => `«${title}» termina per tutti: relatori e partecipanti escono dalla diretta, che non si potrà riaprire.`,
    confirmCancelTitle: 'Annullare il webinar?',
    confirmCancelText: (title: string, registered: number) =>
      registered === 0
        ? `«${title}» sarà annullato e non si potrà più pubblicare. Non ci sono iscritti da avvisare.`
        : registered === 1
          ? `«${title}» sarà annullato e non si potrà più pubblicare. L’iscritto riceverà un’e-mail che lo avvisa.`
          : `«${title}» sarà annullato e non si potrà più pubblicare. I ${registered} iscritti riceveranno un’e-mail che li avvisa.`,
  },
  publicLink: {
    label: 'Pagina pubblica del webinar',
    copy: 'Copia il link',
    copied: 'Link copiato',
    open: 'Apri la pagina',
    draftHint: 'I visitatori vedranno la pagina dopo la pubblicazione.',
  },
  presenter: {
    title: 'Console del relatore',
    help: (minutes: number) => `Da ${minutes} minuti prima dell’inizio entri come relatore.`,
    join: 'Entra come relatore',
  },
  registrations: {
    title: 'Iscritti',
    caption: (title: string) => `Iscritti al webinar «${title}»`,
    name: 'Nome',
    email: 'E-mail',
    registeredAt: 'Iscritto il',
    status: 'Iscrizione',
    statuses: { registered: 'Attiva', cancelled: 'Annullata' },
    count: (active: number, capacity: number) => (active === 1 ? `1 iscritto su ${capacity} posti` : `${active} iscritti su ${capacity} posti`),
    cancelledCount: (cancelled: number) => (cancelled === 1 ? '1 iscrizione annullata' : `${cancelled} iscrizioni annullate`),
    empty: 'Nessuno si è ancora iscritto.',
    exportCsv: 'Esporta CSV',
    exported: (count: number) => (count === 1 ? 'Esportata 1 iscrizione.' : `Esportate ${count} iscrizioni.`),
    fileName: (date: string) => `iscritti-${date}.csv`,
    csv: {
      headers: ['nome', 'cognome', 'e-mail', 'iscritto il', 'iscrizione', 'annullata il'],
    },
  },
} as const;
