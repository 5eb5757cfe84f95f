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
  activity: {
    refunded: (who: string, when: string, amount: string) => `Rimborsati ${amount} della prenotazione di ${who} del ${when}`,
  },
};
