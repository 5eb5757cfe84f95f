/*
 * The point of sale's SMS: the payment link sent to the phone staff give, and why it was not sent
 * (the request is made all the same; its answer says so, and the link can be copied or e-mailed).
 */
export const IT_POS_SMS = {
  /** The text itself: short (one or two segments), the company's name at most 40 characters. */
  link: (company: string, amount: string, link: string) => `${company}: ti chiediamo il pagamento di ${amount}. Paga con carta qui: ${link}`,
  /** Why it was not sent, shown to staff beside the request just made. */
  notSent: {
    number: 'SMS non inviato: il numero non è un cellulare valido. Copia il link o invialo per e-mail.',
    country: 'SMS non inviato: non è possibile inviare SMS a numeri di questo paese. Copia il link o invialo per e-mail.',
    phone: 'SMS non inviato: troppi SMS inviati oggi a questo numero. Copia il link o invialo per e-mail.',
    ip: 'SMS non inviato: troppi SMS inviati oggi da questa rete. Copia il link o invialo per e-mail.',
    company: 'SMS non inviato: il limite giornaliero di SMS dell’azienda è stato raggiunto. Copia il link o invialo per e-mail.',
  },
} as const;
