/** The Italian texts of the activity log: its query's validation and its screen. */
export const IT_ACTIVITY = {
  validation: {
    userInvalid: 'Scegli un utente dall’elenco.',
    entityInvalid: 'Scegli un tipo di elemento dall’elenco.',
    beforeInvalid: 'Il punto da cui continuare l’elenco non è valido: ricarica la pagina.',
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
} as const;
