/*
 * The customer payments' words (the company is paid by its customers: the point of sale, the paid
 * appointments): the API's refusals of the payment port and the test mode's card form for a
 * payment. The card fields' own refusals are the subscription form's (IT_BILLING.testMode).
 */
export const IT_CUSTOMER_PAYMENTS = {
  /** The company's account cannot take payments yet (Stripe: onboarding not finished). */
  cannotTakePayments: 'Il conto per ricevere i pagamenti non è ancora attivo: completa la configurazione in Pagamenti.',
  /** The test mode has no account to set up. */
  noOnboardingInTestMode: 'In modalità di prova non serve configurare un conto: i pagamenti sono già attivi.',
  /** The provider did not answer in time, or refused the account's set-up. */
  providerUnavailable: 'Il servizio di pagamento non risponde. Riprova tra qualche minuto.',
  paymentNotFound: 'Pagamento non trovato.',
  /** A second payment of a payment already paid (or being authenticated). */
  alreadyPaid: 'Questo pagamento è già stato effettuato.',
  /** A payment canceled or expired. */
  notPayable: 'Questo pagamento non è più disponibile.',
  /** A card refused at the charge (0002, 0341). */
  cardDeclined: 'La carta è stata rifiutata e non è stato addebitato nulla. Prova con un’altra carta.',
  returnToInvalid: 'Indirizzo di ritorno non valido.',
  refundInvalid: 'Importo del rimborso non valido.',
  refundTooLarge: 'Il rimborso supera quanto resta da rimborsare.',
  notRefundable: 'Solo un pagamento effettuato può essere rimborsato.',
} as const;
