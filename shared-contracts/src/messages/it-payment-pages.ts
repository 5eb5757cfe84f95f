/*
 * What a customer reads when paying a payment request (the page /pagamento/{token} and its
 * authentication page), and the payment card of a video call's chat with staff's request form.
 * The card fields' own labels are the billing card form's (IT_BILLING_PAGES.card), one set for both.
 */
export const IT_PAYMENT_PAGES = {
  page: {
    title: 'Pagamento',
    /** «Richiesta da Ottica Rossi · Via Roma». */
    from: (company: string, store: string) => `Richiesta da ${company} · ${store}`,
    amountLabel: 'Importo',
    descriptionLabel: 'Descrizione',
    expiresLabel: 'Scadenza',
    /** «Paga 25,00 €». */
    pay: (amount: string) => `Paga ${amount}`,
    paid: 'Pagato',
    paidOn: (date: string) => `Pagamento ricevuto il ${date}. Grazie!`,
    cancelled: 'Questa richiesta di pagamento è stata annullata.',
    expired: 'Questa richiesta di pagamento è scaduta. Chiedi un nuovo link.',
    cardTitle: 'Dati della carta',
    verifying: 'Verifica del pagamento in corso…',
    stripeUnavailable: 'Impossibile caricare il modulo di pagamento. Riprova più tardi.',
    stripeFailed: 'Il pagamento non è andato a buon fine. Controlla i dati e riprova.',
    notPaidYet: 'Il pagamento non risulta ancora completato. Riprova tra poco.',
  },
  authentication: {
    title: 'Autorizza il pagamento',
    back: 'Torna al pagamento',
  },
  /** The video call's chat: the card a customer pays from, and what staff see of their request. */
  room: {
    request: 'Richiedi pagamento',
    formTitle: 'Richiesta di pagamento',
    amount: 'Importo (€)',
    amountHint: 'Per esempio 25,00',
    description: 'Descrizione',
    email: 'E-mail del cliente (facoltativa)',
    send: 'Invia nella chat',
    cancel: 'Annulla',
    sent: 'Richiesta di pagamento inviata nella chat.',
    storeUnknown: 'Impossibile sapere il punto vendita di questa stanza.',
    cardLabel: 'Richiesta di pagamento',
    pay: (amount: string) => `Paga ${amount}`,
    opensNewTab: '(si apre in una nuova scheda)',
    waiting: 'In attesa di pagamento',
    paid: 'Pagato',
    cancelled: 'Annullato',
    expired: 'Scaduto',
  },
} as const;
