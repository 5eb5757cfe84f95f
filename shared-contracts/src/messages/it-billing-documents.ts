/** The Italian texts of the subscription's documents: the PDF receipt and the downloads' refusals. */
export const IT_BILLING_DOCUMENTS = {
  /** 404 of the receipt and e-invoice downloads: unknown, another company's, or not paid. */
  invoiceNotFound: 'Pagamento non trovato.',
  receipt: {
    title: 'Ricevuta di pagamento',
    number: (number: string) => `Ricevuta n. ${number}`,
    issuedOn: (day: string) => `Data: ${day}`,
    paidOn: (day: string) => `Pagata il ${day}`,
    seller: 'Emessa da',
    buyer: 'Intestata a',
    vatNumber: (value: string) => `Partita IVA ${value}`,
    taxCode: (value: string) => `Codice fiscale ${value}`,
    place: (postalCode: string, city: string, province: string) => `${postalCode} ${city} (${province})`,
    delivery: (sdiCode: string, pec: string) => (sdiCode !== '' ? `Codice destinatario ${sdiCode}` : `PEC ${pec}`),
    description: 'Descrizione',
    period: (from: string, to: string) => `Periodo: dal ${from} al ${to}`,
    net: 'Imponibile',
    vat: (rate: string) => `IVA ${rate}%`,
    total: 'Totale pagato',
    card: (last4: string) => `Pagata con carta •••• ${last4}`,
    note: 'Questa ricevuta non sostituisce la fattura elettronica, che trovi nella pagina Pagamenti.',
  },
  /** The PEC message that carries a FatturaPA file to the SdI (its attachment is the file). */
  sdiPec: {
    subject: (fileName: string) => `Invio file ${fileName}`,
    text: (fileName: string) => `In allegato il file FatturaPA ${fileName} per il Sistema di Interscambio.`,
  },
} as const;
