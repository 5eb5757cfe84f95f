import { POS_EXPIRY_HOURS, type PosStatus } from '../api/pos';

/*
 * The point of sale's page in the back office (/admin/pagamenti): the request form and its
 * result, the list with its filters, the daily totals, the export, the online payments' account
 * and the expiry setting. The words the API answers too (a refused amount…) are IT_POS's.
 */
export const IT_POS_PAGES = {
  title: 'Pagamenti',
  nav: 'Pagamenti',
  intro: 'Chiedi un pagamento a un cliente: riceve un link (o un codice QR) e paga con la carta sul sito.',
  statuses: { requested: 'Da pagare', paid: 'Pagato', cancelled: 'Annullato', expired: 'Scaduto' } satisfies Record<PosStatus, string>,
  create: {
    open: 'Nuova richiesta di pagamento',
    title: 'Nuova richiesta di pagamento',
    store: 'Punto vendita',
    chooseStore: 'Scegli il punto vendita',
    amount: 'Importo (€)',
    amountHint: 'Per esempio 25,00',
    description: 'Descrizione',
    email: 'E-mail del cliente (facoltativa)',
    emailHint: 'Il cliente riceve il link per e-mail.',
    phone: 'Telefono del cliente (facoltativo)',
    submit: 'Crea la richiesta',
    cancel: 'Annulla',
    noStores: 'Non servi nessun punto vendita: non puoi chiedere pagamenti.',
    cannotTake: 'Gli incassi online non sono ancora configurati: un amministratore deve completare la configurazione con Stripe.',
    created: 'Richiesta di pagamento creata.',
  },
  result: {
    title: 'Richiesta di pagamento',
    link: 'Link di pagamento',
    copy: 'Copia link',
    copied: 'Link copiato negli appunti.',
    copyFailed: 'Non è stato possibile copiare il link: selezionalo e copialo a mano.',
    qrAlt: (amount: string) => `Codice QR del link per pagare ${amount}`,
    status: 'Stato',
    amount: 'Importo',
    expires: (when: string) => `Scade il ${when}`,
    paidAt: (when: string) => `Pagato il ${when}`,
    card: (last4: string) => `Carta che termina con ${last4}`,
    /** The phone given got the link (the SMS is on its way); when it did not, the API's own reason (IT_POS_SMS.notSent) shows instead. */
    smsQueued: 'Link di pagamento inviato per SMS al numero indicato.',
  },
  filters: {
    store: 'Punto vendita',
    allStores: 'Tutti i punti vendita',
    status: 'Stato',
    allStatuses: 'Tutti gli stati',
    from: 'Dal giorno',
    to: 'Al giorno',
  },
  list: {
    title: 'Richieste',
    caption: 'Richieste di pagamento',
    empty: 'Nessuna richiesta di pagamento.',
    columns: {
      createdAt: 'Creata',
      store: 'Punto vendita',
      description: 'Descrizione',
      amount: 'Importo',
      status: 'Stato',
      actions: 'Azioni',
    },
    open: (description: string) => `Apri la richiesta «${description}»`,
    exportCsv: 'Esporta CSV',
  },
  actions: {
    cancel: 'Annulla',
    cancelOf: (description: string) => `Annulla la richiesta «${description}»`,
    verify: 'Verifica',
    verifyOf: (description: string) => `Verifica la richiesta «${description}»`,
    verified: (status: string) => `Stato verificato: ${status}.`,
  },
  cancel: {
    title: 'Annullare la richiesta?',
    text: (amount: string, description: string) =>
      `La richiesta di ${amount} («${description}») sarà annullata: il cliente non potrà più pagarla con il suo link.`,
    keep: 'No, mantienila',
    confirm: 'Sì, annulla',
    done: 'Richiesta annullata.',
  },
  totals: {
    title: 'Incassi per giorno',
    caption: 'Incassi per giorno e punto vendita',
    date: 'Giorno',
    store: 'Punto vendita',
    count: 'Pagamenti',
    amount: 'Totale',
    empty: 'Nessun incasso nel periodo scelto.',
  },
  online: {
    title: 'Incassi online',
    ready: 'Il conto Stripe della tua azienda è pronto: puoi ricevere pagamenti.',
    pending: 'Hai inviato i dati a Stripe: stiamo aspettando che il conto sia abilitato a ricevere pagamenti.',
    missing: 'Per ricevere pagamenti dai clienti, collega un conto Stripe della tua azienda.',
    setUp: 'Configura incassi con Stripe',
  },
  expiry: {
    title: 'Scadenza delle richieste',
    label: 'Ore di validità di una richiesta non pagata',
    hint: `Da ${POS_EXPIRY_HOURS.min} a ${POS_EXPIRY_HOURS.max} ore.`,
    save: 'Salva',
    saved: 'Scadenza salvata.',
  },
} as const;
