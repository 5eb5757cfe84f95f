/*
 * The point of sale's e-mails to the customer: the payment link when staff give an address, and
 * the receipt once the request is paid. Amounts arrive already formatted (formatEuro), dates as
 * the it-when sentences.
 */
export const IT_POS_MAIL = {
  linkSubject: (company: string, amount: string) => `${company}: richiesta di pagamento di ${amount}`,
  linkText: (company: string, store: string, amount: string, description: string, link: string, expires: string) =>
    [
      'Buongiorno,',
      '',
      `${company} (${store}) ti chiede il pagamento di ${amount} per:`,
      description,
      '',
      `Puoi pagare con carta da questa pagina: ${link}`,
      `Il link scade ${expires}.`,
      '',
      'Se non aspettavi questa richiesta, ignora questo messaggio: non ti verrà addebitato nulla.',
    ].join('\n'),
  receiptSubject: (company: string, amount: string) => `${company}: ricevuta del pagamento di ${amount}`,
  receiptText: (company: string, store: string, amount: string, description: string, paidAt: string, last4: string | null) =>
    [
      'Buongiorno,',
      '',
      `abbiamo ricevuto il tuo pagamento a ${company} (${store}):`,
      description,
      `Importo: ${amount}`,
      `Pagato ${paidAt}${last4 ? ` con la carta che termina con ${last4}` : ''}.`,
      '',
      'Grazie!',
    ].join('\n'),
  testModeNote: 'Modalità di prova: nessun addebito reale.',
} as const;
