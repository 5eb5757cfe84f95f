/** The Italian texts of stores and topics: their validation, refusals, activity lines and screens. */
export const IT_STORES = {
  validation: {
    nameRequired: 'Inserisci un nome di al massimo 100 caratteri.',
    addressInvalid: 'Inserisci un indirizzo di al massimo 200 caratteri.',
    phoneVerificationInvalid: 'Scegli se chiedere la verifica del telefono.',
    topicNameRequired: 'Inserisci un nome di al massimo 100 caratteri.',
    roomIdsInvalid: 'Scegli stanze di questo punto vendita.',
  },
  errors: {
    storeNameTaken: 'Esiste già un punto vendita con questo nome.',
    topicNameTaken: 'Questo punto vendita ha già un argomento con questo nome.',
    storeHasFutureReservations: (count: number) =>
      count === 1
        ? 'Il punto vendita ha una prenotazione futura: annullala o attendi che sia passata prima di eliminarlo.'
        : `Il punto vendita ha ${count} prenotazioni future: annullale o attendi che siano passate prima di eliminarlo.`,
    storeHasOpenPayments: (count: number) =>
      count === 1
        ? 'Il punto vendita ha una richiesta di pagamento in attesa: annullala o attendi che scada prima di eliminarlo.'
        : `Il punto vendita ha ${count} richieste di pagamento in attesa: annullale o attendi che scadano prima di eliminarlo.`,
    storeHasUpcomingWebinars: (count: number) =>
      count === 1
        ? 'Il punto vendita ha un webinar in programma: annullalo o attendi che sia concluso prima di eliminarlo.'
        : `Il punto vendita ha ${count} webinar in programma: annullali o attendi che siano conclusi prima di eliminarlo.`,
  },
  activity: {
    storeCreated: (name: string) => `Creato il punto vendita «${name}»`,
    storeUpdated: (name: string) => `Modificato il punto vendita «${name}»`,
    storeDeleted: (name: string) => `Eliminato il punto vendita «${name}»`,
    topicCreated: (name: string, store: string) => `Creato l’argomento «${name}» di «${store}»`,
    topicUpdated: (name: string, store: string) => `Modificato l’argomento «${name}» di «${store}»`,
    topicDeleted: (name: string, store: string) => `Eliminato l’argomento «${name}» di «${store}»`,
  },
  stores: {
    description: 'I punti vendita della tua azienda: ognuno ha le sue stanze e i suoi argomenti.',
    readOnly: 'Puoi consultare i punti vendita che servi; solo un amministratore può modificarli.',
    caption: 'Elenco dei punti vendita',
    name: 'Nome',
    address: 'Indirizzo',
    rooms: 'Stanze',
    topics: 'Argomenti',
    phoneVerification: 'Verifica del telefono',
    phoneVerificationHelp: 'Se chiedere ai visitatori di questo punto vendita di verificare il numero di telefono via SMS.',
    phoneVerificationChoices: { company: 'Come l’azienda', on: 'Richiesta', off: 'Non richiesta' },
    create: 'Nuovo punto vendita',
    createTitle: 'Nuovo punto vendita',
    editTitle: (name: string) => `Modifica «${name}»`,
    editLabel: (name: string) => `Modifica ${name}`,
    created: 'Punto vendita creato.',
    saved: 'Punto vendita salvato.',
    deleted: 'Punto vendita eliminato.',
    empty: 'Non ci sono ancora punti vendita.',
  },
  topics: {
    description: 'Gli argomenti tra cui i visitatori scelgono, e le stanze che se ne occupano.',
    readOnly: 'Puoi consultare gli argomenti; solo un amministratore può modificarli.',
    store: 'Punto vendita',
    noStores: 'Non ci sono punti vendita: creane uno prima di aggiungere argomenti.',
    caption: (store: string) => `Argomenti di «${store}»`,
    name: 'Nome',
    rooms: 'Stanze',
    allRooms: 'Tutte le stanze',
    roomsHelp: 'Nessuna stanza scelta: se ne occupano tutte le stanze del punto vendita.',
    create: 'Nuovo argomento',
    createTitle: 'Nuovo argomento',
    editTitle: (name: string) => `Modifica «${name}»`,
    editLabel: (name: string) => `Modifica ${name}`,
    created: 'Argomento creato.',
    saved: 'Argomento salvato.',
    deleted: 'Argomento eliminato.',
    empty: 'Questo punto vendita non ha ancora argomenti.',
  },
} as const;
