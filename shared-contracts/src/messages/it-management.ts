/**
 * The Italian texts shared by every management area of the back office (navigation, refusals,
 * plan limits, the usual table and form words). Each area keeps its own texts in its own file.
 */
export const IT_MANAGEMENT = {
  forbidden: 'Il tuo ruolo non consente questa operazione.',
  nav: {
    users: 'Utenti',
    stores: 'Punti vendita',
    rooms: 'Stanze',
    topics: 'Argomenti',
    documents: 'Documenti',
    translations: 'Traduzioni',
    company: 'Azienda',
    activity: 'Attività',
  },
  planLimit: {
    users: 'Hai raggiunto il numero massimo di utenti previsto dal tuo piano.',
    rooms: 'Hai raggiunto il numero massimo di stanze previsto dal tuo piano.',
    upgrade: 'Passa a un piano superiore',
    usage: (used: number, limit: number, noun: string) => (limit < 0 ? `${used} ${noun} (illimitati)` : `${used} / ${limit} ${noun}`),
  },
  table: {
    search: 'Cerca',
    noResults: 'Nessun risultato.',
    empty: 'Non c’è ancora nulla qui.',
    loading: 'Caricamento…',
    loadFailed: 'Non siamo riusciti a caricare i dati.',
    retry: 'Riprova',
    actions: 'Azioni',
    previousPage: 'Pagina precedente',
    nextPage: 'Pagina successiva',
    page: (current: number, total: number) => `Pagina ${current} di ${total}`,
    /** Under a table that shows one page of many rows. */
    range: (first: number, last: number, total: number) => `${first}–${last} di ${total}`,
  },
  /** A list's query string (?page=&pageSize=&q=&sort=&dir=) refused, field by field. */
  listQuery: {
    page: 'La pagina deve essere un numero intero da 1 in su.',
    pageSize: (max: number) => `Le righe per pagina devono essere un numero intero da 1 a ${max}.`,
    q: (max: number) => `La ricerca può essere lunga al massimo ${max} caratteri.`,
    sort: 'Ordinamento non riconosciuto.',
    dir: 'La direzione dell’ordinamento deve essere «asc» o «desc».',
  },
  form: {
    save: 'Salva',
    saved: 'Modifiche salvate.',
    create: 'Crea',
    created: 'Creato.',
    cancel: 'Annulla',
    /** The name of a form dialog's close button (an icon alone). */
    close: 'Chiudi',
    edit: 'Modifica',
    delete: 'Elimina',
    deleted: 'Eliminato.',
    confirmDeleteTitle: 'Confermi l’eliminazione?',
    confirmDeleteText: (name: string) => `«${name}» sarà eliminato definitivamente. L’operazione non si può annullare.`,
    required: 'Campo obbligatorio.',
  },
} as const;
