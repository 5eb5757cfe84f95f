/*
 * Who sells the subscription: the CedentePrestatore of every e-invoice and the header of every
 * receipt. The billing plugin builds it from the configuration (BILLING_SELLER_*).
 */
export interface BillingSeller {
  /** Ragione sociale, at most 80 characters on the e-invoice. */
  legalName: string;
  /** Partita IVA, 11 digits. */
  vatNumber: string;
  /** Codice fiscale: the company's 11 digits or a person's 16 characters; also the transmitter's code. */
  taxCode: string;
  address: string;
  /** CAP, five digits. */
  postalCode: string;
  city: string;
  /** Sigla della provincia, two capital letters. */
  province: string;
  /** Regime fiscale of the FatturaPA, RF01 (ordinario) to RF19. */
  taxRegime: string;
}
