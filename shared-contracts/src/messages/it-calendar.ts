/**
 * The Italian names of a date picker's controls (Mantine's aria labels), the same in every picker.
 * The level control («novembre 2026», which opens the months) keeps its visible text as its name:
 * a fixed «Scegli il mese» would hide the words shown on it (WCAG 2.5.3, label in name).
 */
export const IT_CALENDAR_CONTROLS = {
  nextMonth: 'Mese successivo',
  previousMonth: 'Mese precedente',
  nextYear: 'Anno successivo',
  previousYear: 'Anno precedente',
  nextDecade: 'Decennio successivo',
  previousDecade: 'Decennio precedente',
} as const;
