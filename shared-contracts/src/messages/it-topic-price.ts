/*
 * A topic's price in the back office's topics (the form's field, the list's column). The schema's
 * refusal is the contract's (IT_PAID_BOOKING.validation.price): the API answers it, the form shows it.
 */
export const IT_TOPIC_PRICE = {
  label: 'Prezzo (€)',
  help: 'IVA inclusa. Lascia vuoto se l’appuntamento è gratuito; con un prezzo, il cliente paga con carta quando prenota.',
  placeholder: 'Gratuito',
  column: 'Prezzo',
  free: 'Gratuito',
} as const;
