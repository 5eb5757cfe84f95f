/*
 * The point of sale's words that the API answers and the forms show alike (a schema's error is
 * one of these). The pages' own words are in it-pos-pages.ts.
 */
export const IT_POS = {
  notFound: 'Richiesta di pagamento non trovata',
  storeRequired: 'Scegli il punto vendita',
  storeInvalid: 'Punto vendita non valido',
  amountInvalid: "Inserisci un importo tra 0,50 € e 10.000,00 €",
  descriptionRequired: 'Scrivi una descrizione',
  descriptionTooLong: 'La descrizione può avere al massimo 200 caratteri',
  emailInvalid: 'Indirizzo e-mail non valido',
  phoneInvalid: 'Numero di telefono non valido',
  roomInvalid: 'Stanza non valida',
  statusInvalid: 'Stato non valido',
  dateInvalid: 'Data non valida',
  formatInvalid: 'Formato non valido',
  linkInvalid: 'Link di pagamento non valido o scaduto',
} as const;
