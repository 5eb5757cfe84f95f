/** The Italian texts of the activity log: its query's validation and its screen. */
export const IT_ACTIVITY = {
  validation: {
    userInvalid: 'Scegli un utente dall’elenco.',
    entityInvalid: 'Scegli un tipo di elemento dall’elenco.',
    beforeInvalid: 'Il punto da cui continuare l’elenco non è valido: ricarica la pagina.',
    retentionInvalid: 'Scegli per quanto tempo conservare le attività dall’elenco.',
  },
  actions: { create: 'Creazione', update: 'Modifica', delete: 'Eliminazione' },
  entities: {
    user: 'Utente',
    store: 'Punto vendita',
    room: 'Stanza',
    topic: 'Argomento',
    opening: 'Orari',
    translation: 'Traduzione',
    document: 'Documento',
    company: 'Azienda',
    reservation: 'Prenotazione',
    mail: 'E-mail',
    payment: 'Pagamento',
    webinar: 'Webinar',
  },
  page: {
    description: 'Chi ha cambiato cosa nel back office, dal più recente.',
    user: 'Utente',
    entity: 'Tipo di elemento',
    all: 'Tutti',
    caption: 'Registro delle attività',
    when: 'Data e ora',
    action: 'Azione',
    summary: 'Descrizione',
    empty: 'Nessuna attività registrata.',
    emptyFiltered: 'Nessuna attività con questi filtri.',
    loadMore: 'Carica altri',
    loadMoreFailed: 'Non siamo riusciti a caricare altre attività.',
    end: 'Non ci sono altre attività.',
  },
  retention: {
    title: 'Conservazione',
    description: 'Per quanto tempo il registro conserva le attività. Quelle più vecchie vengono eliminate automaticamente, entro un’ora.',
    label: 'Conserva le attività',
    forever: 'Per sempre',
    days: (days: number) => `${days} giorni`,
    save: 'Salva',
    saved: 'Conservazione delle attività salvata.',
    confirmTitle: 'Eliminare le attività più vecchie?',
    confirmCount: (entries: number, days: number) =>
      entries === 1
        ? `1 attività è più vecchia di ${days} giorni e verrà eliminata. Non si potrà recuperare.`
        : `${entries} attività sono più vecchie di ${days} giorni e verranno eliminate. Non si potranno recuperare.`,
    confirmNone: (days: number) => `Da ora le attività più vecchie di ${days} giorni verranno eliminate. Non si potranno recuperare.`,
    confirm: 'Elimina e salva',
    cancel: 'Annulla',
    /** The activity log's own line for the change. */
    activity: (label: string) => `Conservazione del registro delle attività: ${label.toLowerCase()}`,
  },
} as const;
