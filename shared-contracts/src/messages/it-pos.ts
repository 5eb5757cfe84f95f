/*
 * The point of sale's words that the API answers and the forms show alike (a schema's error is
 * one of these). The pages' own words are in it-pos-pages.ts.
 */
export const IT_POS = {
  notFound: 'Richiesta di pagamento non trovata',
  storeRequired: 'Scegli il punto vendita',
  storeInvalid: 'Punto vendita non valido',
  amountInvalid: 'Inserisci un importo tra 0,50 € e 10.000,00 €',
  descriptionRequired: 'Scrivi una descrizione',
  descriptionTooLong: 'La descrizione può avere al massimo 200 caratteri',
  emailInvalid: 'Indirizzo e-mail non valido',
  phoneInvalid: 'Numero di telefono non valido',
  roomInvalid: 'Stanza non valida',
  statusInvalid: 'Stato non valido',
  dateInvalid: 'Data non valida',
  formatInvalid: 'Formato non valido',
  linkInvalid: 'Link di pagamento non valido o scaduto',
  expiryInvalid: 'Scegli una scadenza tra 1 e 168 ore',
  tooManyOpen: (max: number) => `Ci sono già ${max} richieste di pagamento in attesa: annullane qualcuna o attendi che vengano pagate o scadano.`,
  alreadyPaid: 'La richiesta è già stata pagata: non si può annullare',
  alreadyExpired: 'La richiesta è scaduta: non si può annullare',
  activity: {
    created: (amount: string, description: string) => `Creata la richiesta di pagamento di ${amount} «${description}»`,
    cancelled: (amount: string, description: string) => `Annullata la richiesta di pagamento di ${amount} «${description}»`,
    expiry: (hours: number) => `Scadenza delle richieste di pagamento impostata a ${hours} ore`,
  },
  /** The CSV export: its columns, the statuses as words, and the line that says it was cut. */
  csv: {
    fileName: (date: string) => `pagamenti-${date}.csv`,
    columns: [
      'Creata il',
      'Punto vendita',
      'Descrizione',
      'Importo (€)',
      'Stato',
      'Pagata il',
      'Annullata il',
      'Scade il',
      'E-mail',
      'Telefono',
      'Creata da',
      'Carta',
    ],
    statuses: { requested: 'Da pagare', paid: 'Pagato', cancelled: 'Annullato', expired: 'Scaduto' },
    truncated: (max: number) => `Esportate solo le ${max} richieste più recenti: restringi i filtri per le altre.`,
  },
} as const;
