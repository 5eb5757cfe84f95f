import { IT_CALENDAR_CONTROLS } from './it-calendar';

/** The Italian texts of rooms, their slots, weekly opening and dated exceptions. */

/** ISO weekday 1 (Monday) … 7 (Sunday). */
export const WEEKDAY_NAMES = ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'] as const;

export function weekdayName(weekday: number): string {
  return WEEKDAY_NAMES[weekday - 1] ?? `Giorno ${weekday}`;
}

export const IT_ROOMS = {
  validation: {
    nameRequired: 'Inserisci un nome di al massimo 100 caratteri.',
    storeRequired: 'Scegli un punto vendita.',
    maxParticipants: 'Indica un numero di partecipanti da 1 a 50, oppure lascia vuoto per nessun limite.',
    reservationSlots: 'Indica quanti appuntamenti contemporanei, da 0 a 50 (0: nessuna prenotazione).',
    slotDuration: 'Indica una durata da 5 a 240 minuti.',
    time: 'Scrivi un orario tra 00:00 e 24:00 a multipli di 5 minuti (es. 09:30).',
    rangeOrder: (start: string, end: string) => `La fascia ${start}–${end} deve finire dopo l’inizio.`,
    overlap: (a: string, b: string) => `le fasce ${a} e ${b} si sovrappongono`,
    dayOverlap: (day: string, a: string, b: string) => `${day}: le fasce ${a} e ${b} si sovrappongono`,
    tooManyRanges: 'Al massimo 12 fasce per giorno.',
    weekday: 'Indica un giorno della settimana da 1 (lunedì) a 7 (domenica).',
    weekdayRepeated: (day: string) => `${day} compare più di una volta.`,
    weekly: 'Indica gli orari della settimana.',
    date: 'Scegli una data valida (AAAA-MM-GG).',
    pastDate: 'Scegli oggi o una data futura.',
    note: 'La nota può avere al massimo 200 caratteri.',
    affected: 'Indica se annullare (cancel) o mantenere (keep) gli appuntamenti fuori orario.',
    affectedIds: 'Elenco degli appuntamenti non valido.',
    closingMessage: 'Il messaggio ai clienti può avere al massimo 1000 caratteri.',
  },
  errors: {
    notFound: 'Stanza non trovata.',
    storeNotFound: 'Punto vendita non trovato.',
    nameTaken: 'Questo punto vendita ha già una stanza con questo nome.',
    storeFixed: 'Una stanza non può passare a un altro punto vendita: creane una nuova in quel punto vendita.',
    hasFutureReservations: (count: number) =>
      count === 1
        ? 'La stanza ha una prenotazione futura: annullala o attendi che sia passata prima di eliminarla.'
        : `La stanza ha ${count} prenotazioni future: annullale o attendi che siano passate prima di eliminarla.`,
    exceptionNotFound: 'Non c’è un’eccezione per questa data.',
    closesAppointments: (count: number) =>
      count === 1
        ? 'Il nuovo orario lascia fuori un appuntamento prenotato: scegli se annullarlo o mantenerlo.'
        : `Il nuovo orario lascia fuori ${count} appuntamenti prenotati: scegli se annullarli o mantenerli.`,
  },
  activity: {
    created: (name: string, store: string) => `Creata la stanza «${name}» di «${store}»`,
    updated: (name: string, store: string) => `Modificata la stanza «${name}» di «${store}»`,
    deleted: (name: string, store: string) => `Eliminata la stanza «${name}» di «${store}»`,
    slots: (name: string, slots: number, minutes: number) => `Stanza «${name}»: ${slots} appuntamenti contemporanei da ${minutes} minuti`,
    weekly: (name: string) => `Modificati gli orari settimanali della stanza «${name}»`,
    exceptionSaved: (name: string, date: string) => `Stanza «${name}»: eccezione agli orari del ${date}`,
    exceptionDeleted: (name: string, date: string) => `Stanza «${name}»: tolta l’eccezione agli orari del ${date}`,
    appointmentsCancelled: (count: number) => (count === 1 ? '1 appuntamento annullato' : `${count} appuntamenti annullati`),
    appointmentsKept: (count: number) => (count === 1 ? '1 appuntamento mantenuto fuori orario' : `${count} appuntamenti mantenuti fuori orario`),
  },
  /** Closing time over booked appointments: the dialog that asks what to do with them, and the customer's e-mail. */
  closing: {
    title: 'Appuntamenti fuori orario',
    intro: (count: number) =>
      count === 1
        ? 'Con il nuovo orario questo appuntamento prenotato resta fuori dall’apertura della stanza:'
        : `Con il nuovo orario questi ${count} appuntamenti prenotati restano fuori dall’apertura della stanza:`,
    caption: 'Appuntamenti fuori orario',
    customer: 'Cliente',
    date: 'Data',
    time: 'Ora',
    topic: 'Argomento',
    message: 'Messaggio ai clienti (facoltativo)',
    messageHelp: 'Lo ricevono per e-mail insieme all’annullamento e al file del calendario.',
    cancel: (count: number) => (count === 1 ? 'Annulla l’appuntamento e avvisa il cliente' : 'Annulla gli appuntamenti e avvisa i clienti'),
    keep: (count: number) => (count === 1 ? 'Mantieni l’appuntamento' : 'Mantieni gli appuntamenti'),
    back: 'Torna alla modifica',
    cancelled: (count: number) => (count === 1 ? 'Orari salvati; 1 appuntamento annullato.' : `Orari salvati; ${count} appuntamenti annullati.`),
    kept: (count: number) => (count === 1 ? 'Orari salvati; l’appuntamento resta prenotato.' : `Orari salvati; ${count} appuntamenti restano prenotati.`),
    mailMessage: (company: string) => `Messaggio di ${company}:`,
  },
  list: {
    description: 'Le stanze dei punti vendita: chi vi entra, quanti appuntamenti prendono e quando.',
    readOnly: 'Puoi consultare le stanze dei punti vendita che servi; solo un amministratore può modificarle.',
    caption: 'Elenco delle stanze',
    store: 'Punto vendita',
    allStores: 'Tutti i punti vendita',
    name: 'Nome',
    slots: 'Appuntamenti',
    slotsValue: (slots: number, minutes: number) => (slots === 0 ? 'Nessuna prenotazione' : `${slots} × ${minutes} min`),
    maxParticipants: 'Partecipanti',
    unlimited: 'Senza limite',
    create: 'Nuova stanza',
    createTitle: 'Nuova stanza',
    editTitle: (name: string) => `Modifica «${name}»`,
    editLabel: (name: string) => `Modifica ${name}`,
    openLabel: (name: string) => `Apri ${name}`,
    created: 'Stanza creata.',
    saved: 'Stanza salvata.',
    deleted: 'Stanza eliminata.',
    empty: 'Non ci sono ancora stanze.',
    noStores: 'Non ci sono punti vendita: creane uno prima di aggiungere stanze.',
    maxParticipantsHelp: 'Vuoto: nessun limite.',
  },
  room: {
    back: 'Tutte le stanze',
    slotsTitle: 'Appuntamenti',
    reservationSlots: 'Appuntamenti contemporanei',
    reservationSlotsHelp: '0: la stanza non accetta prenotazioni.',
    slotDuration: 'Durata di un appuntamento (minuti)',
    slotsSaved: 'Impostazioni degli appuntamenti salvate.',
    weeklyTitle: 'Orari settimanali',
    weeklyHelp: (timeZone: string) => `Orari del fuso dell’azienda (${timeZone}). Un giorno senza fasce è chiuso.`,
    closed: 'Chiuso',
    addRange: 'Aggiungi fascia',
    addRangeTo: (day: string) => `Aggiungi fascia a ${day}`,
    removeRange: (day: string, index: number) => `Togli la fascia ${index} di ${day}`,
    start: (day: string, index: number) => `${day}, fascia ${index}: inizio`,
    end: (day: string, index: number) => `${day}, fascia ${index}: fine`,
    copy: 'Copia su…',
    copyLabel: (day: string) => `Copia su… gli orari di ${day}`,
    copyTitle: (day: string) => `Copia gli orari di ${day} su`,
    copyApply: 'Copia',
    weeklySave: 'Salva gli orari',
    weeklySaved: 'Orari settimanali salvati.',
    weeklyInvalid: 'Correggi gli orari segnalati prima di salvare.',
    exceptionsTitle: 'Eccezioni',
    exceptionsHelp: 'Scegli una data sul calendario: chiusura o orari speciali (per esempio un festivo).',
    exceptionDate: (date: string) => `Eccezione del ${date}`,
    exceptionClosed: 'Chiuso tutto il giorno',
    exceptionNote: 'Nota',
    exceptionNoteHelp: 'Per esempio: Festa della Repubblica.',
    exceptionSave: 'Salva l’eccezione',
    exceptionSaved: 'Eccezione salvata.',
    exceptionDeleted: 'Eccezione tolta.',
    exceptionsEmpty: 'Nessuna eccezione in programma.',
    exceptionsCaption: 'Eccezioni in programma',
    chooseDate: 'Scegli una data sul calendario.',
    calendar: IT_CALENDAR_CONTROLS,
    date: 'Data',
    hours: 'Orari',
    note: 'Nota',
  },
} as const;
