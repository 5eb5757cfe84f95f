/**
 * The Italian texts of paid appointments: the topic's price, the hold while the customer pays,
 * the payment's states as the agenda shows them, refunds and their refusals.
 */
export const IT_PAID_BOOKING = {
  validation: {
    price: (min: string, max: string) => `Indica un prezzo in centesimi di euro tra ${min} e ${max}, oppure nessun prezzo.`,
  },
  errors: {
    /** A held reservation cannot be moved, cancelled or joined: it is not booked until paid. */
    held: 'La prenotazione è in attesa del pagamento: non si può ancora modificare.',
    notPaid: 'Questa prenotazione non ha un pagamento da rimborsare.',
    alreadyRefunded: 'Il pagamento di questa prenotazione è già stato rimborsato.',
    /** The port refused or timed out creating the payment: the hold is released at once. */
    paymentUnavailable: 'Il pagamento non è disponibile in questo momento: riprova tra qualche minuto.',
  },
  /** The payment of a reservation, as the agenda and the manage page name it. */
  paymentStatuses: {
    none: 'Gratuito',
    pending: 'In attesa di pagamento',
    paid: 'Pagato',
    refunding: 'Rimborso in corso',
    refunded: 'Rimborsato',
    canceled: 'Pagamento annullato',
  },
  /** The payment's description at the provider (the customer's receipt and statement). */
  description: (topic: string, when: string) => `Appuntamento: ${topic} · ${when}`,
  /** The visitor's booking flow: the topic's price, then the payment step while the place is held. */
  page: {
    price: (amount: string) => `Prezzo: ${amount}`,
    stepTitle: 'Pagamento',
    lead: (amount: string) => `Abbiamo riservato l’orario per te. Paga ${amount} per confermare l’appuntamento.`,
    timeLeft: (wait: string) => `Tempo rimasto per pagare: ${wait}`,
    expired: 'Il tempo per pagare è scaduto e l’orario è stato liberato: scegline un altro.',
    chooseAgain: 'Scegli un altro orario',
    cardTitle: 'Dati della carta',
    pay: (amount: string) => `Paga ${amount}`,
    notPaidYet: 'Il pagamento non risulta ancora: riprova tra qualche istante.',
    /** Stripe's own card form is not offered on this step yet: the customer pays by contacting the store. */
    stripeUnavailable: 'Il pagamento online non è ancora disponibile per questo appuntamento: contatta il negozio.',
    paid: (amount: string) => `Pagato: ${amount}`,
  },
  /** The back office's agenda: the payment's badge, the refund and its confirmation. */
  agenda: {
    payment: 'Pagamento',
    refund: 'Rimborsa',
    refundTitle: 'Rimborsare il pagamento?',
    refundBody: (amount: string, who: string) => `${who} riceverà il rimborso completo di ${amount}. L’appuntamento resta prenotato.`,
    refundConfirm: 'Rimborsa',
    refunded: 'Pagamento rimborsato.',
  },
  activity: {
    refunded: (who: string, when: string, amount: string) => `Rimborsati ${amount} della prenotazione di ${who} del ${when}`,
  },
};
