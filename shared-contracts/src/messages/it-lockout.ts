/**
 * The Italian texts of the billing-only lockout (issue 26): a trial over or a subscription
 * cancelled at its end leaves the back office open only for billing, and the visitor site shows a
 * polite notice instead of the live and booking actions. The API's refusals and the screens'
 * notices are the same words.
 */
export const IT_LOCKOUT = {
  /** The API's 403 to an admin's staff call other than billing's. */
  staffRefused: "L'abbonamento non è attivo: il back office è aperto solo per la fatturazione.",
  /** The API's 403 to an operator's staff call (only their profile stays open). */
  operatorRefused: "L'abbonamento dell'azienda non è attivo: chiedi a un amministratore di rinnovarlo.",
  /** The API's 403 to a visitor's live or booking call. */
  visitorRefused: 'Il servizio di videoconsulenza non è al momento disponibile. Ci scusiamo per il disagio.',
  backoffice: {
    /** The notice in place of any back-office page but the subscription's (admins). */
    adminTitle: 'Abbonamento non attivo',
    adminText:
      "Il back office è aperto solo per la fatturazione finché l'abbonamento non è di nuovo attivo. Scegli un piano e aggiungi una carta per riprendere.",
    toBilling: "Vai all'abbonamento",
    /** The same for operators, who cannot renew. */
    operatorTitle: 'Servizio sospeso',
    operatorText: "L'abbonamento dell'azienda non è attivo. Chiedi a un amministratore di rinnovarlo: fino ad allora il back office non è disponibile.",
  },
  visitor: {
    title: 'Servizio non disponibile',
    text: (company: string) => `Il servizio di videoconsulenza di ${company} non è al momento disponibile. Ci scusiamo per il disagio.`,
  },
} as const;
