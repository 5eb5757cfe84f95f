/** The Italian names of a date picker's controls (Mantine's aria labels), the same in every picker. */
export const IT_CALENDAR_CONTROLS = {
  monthLevelControl: 'Scegli il mese',
  yearLevelControl: 'Scegli l’anno',
  nextMonth: 'Mese successivo',
  previousMonth: 'Mese precedente',
  nextYear: 'Anno successivo',
  previousYear: 'Anno precedente',
  nextDecade: 'Decennio successivo',
  previousDecade: 'Decennio precedente',
} as const;
