/**
 * The names that controls drawn as an icon alone give screen readers (Mantine's close buttons,
 * the date field's clear button, the colour picker's eyedropper), and the back office's skip link.
 */
export const IT_ACCESSIBILITY = {
  close: 'Chiudi',
  closeNotification: 'Chiudi la notifica',
  clearDate: 'Cancella la data',
  eyeDropper: 'Prendi un colore dallo schermo',
  skipToContent: 'Vai al contenuto',
} as const;
