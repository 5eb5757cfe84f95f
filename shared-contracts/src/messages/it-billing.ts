/**
 * The Italian texts of the subscription pages.
 */
export const IT_BILLING = {
  title: 'Abbonamento',
  plan: 'Piano',
  trial: 'Periodo di prova',
  trialDaysLeft: (days: number) => (days === 1 ? 'Manca 1 giorno' : `Mancano ${days} giorni`),
  trialEnded: 'Il periodo di prova è terminato',
  users: 'Utenti',
  rooms: 'Stanze',
  unlimited: 'Illimitate',
  unlimitedUsers: 'Illimitati',
  price: 'Prezzo',
  perMonth: 'al mese',
  downgradeScheduled: (plan: string, date: string) => `Dal ${date} passerai al piano ${plan}.`,
  noSubscription: 'Nessun abbonamento attivo per questa azienda.',
  statusLabel: 'Stato',
  limits: 'Limiti del piano',
  downgradeAtRenewal: (plan: string) => `Alla prossima scadenza passerai al piano ${plan}.`,
  cardTokenInvalid: 'La carta non è stata confermata: inseriscila di nuovo.',
  planUnknown: 'Il piano scelto non esiste.',
  undoInvalid: 'Richiesta di annullamento non valida.',
  testMode: {
    notice: 'Modalità di prova: nessun addebito reale',
    secretInvalid: 'Il modulo della carta è scaduto: ricarica la pagina.',
    cardNumberInvalid: 'Il numero della carta non è valido.',
    expiryInvalid: 'Inserisci la scadenza nel formato MM/AA.',
    cvcInvalid: 'Il codice di sicurezza (CVC) deve avere 3 o 4 cifre.',
    approveInvalid: 'Risposta non valida.',
  },
  status: {
    trialing: 'In prova',
    active: 'Attivo',
    past_due: 'Pagamento in ritardo',
    canceled: 'Annullato',
  },
} as const;
