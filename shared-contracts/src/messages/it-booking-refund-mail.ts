/*
 * The e-mail a customer gets when the payment of an appointment is refunded (a late payment whose
 * place was gone, a cancellation's refund, a refund from the agenda or the company's own
 * provider dashboard). The amount arrives formatted (formatEuro), the appointment's date as the
 * it-when sentence.
 */
export const IT_BOOKING_REFUND_MAIL = {
  subject: (company: string, amount: string) => `${company}: rimborso di ${amount}`,
  text: (firstName: string, company: string, amount: string, topic: string, when: string) =>
    [
      `Ciao ${firstName},`,
      '',
      `ti abbiamo rimborsato ${amount} pagati per l’appuntamento «${topic}» di ${when}.`,
      'Il rimborso torna sulla carta usata per il pagamento: può servire qualche giorno lavorativo perché compaia nell’estratto conto.',
      '',
      `A presto,\n${company}`,
    ].join('\n'),
} as const;
