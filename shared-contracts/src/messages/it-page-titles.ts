/**
 * The browser tab of each page: the page, then whose it is ("Prenota · Demo", "Agenda · Demo").
 * The shell's 404 and error titles are the spec's own (IT.shell).
 */
export const IT_PAGE_TITLES = {
  of: (page: string, company: string) => `${page} · ${company}`,
  welcome: 'Home',
  live: 'Partecipa',
  webinar: 'Webinar',
  webinarRegistration: 'La tua iscrizione',
  signIn: 'Accedi',
  passwordResetRequest: 'Recupera la password',
  passwordReset: 'Scegli una nuova password',
} as const;
