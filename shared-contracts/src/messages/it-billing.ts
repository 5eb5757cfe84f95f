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
  status: {
    trialing: 'In prova',
    active: 'Attivo',
    past_due: 'Pagamento in ritardo',
    canceled: 'Annullato',
  },
} as const;
