/**
 * The back office's Documenti page (a room's documents, managed by its staff). The upload's and
 * the links' refusals are the API's, in it-video-room.ts (IT_DOCUMENTS), shared with the room.
 */
export const IT_DOCUMENTS_ADMIN = {
  description: 'I documenti che i partecipanti di una stanza possono consultare e scaricare durante l’incontro.',
  store: 'Punto vendita',
  room: 'Stanza',
  chooseStore: 'Scegli un punto vendita',
  chooseRoom: 'Scegli una stanza',
  pickRoomFirst: 'Scegli un punto vendita e una stanza per vederne i documenti.',
  noStores: 'L’azienda non ha ancora punti vendita.',
  noRooms: 'Questo punto vendita non ha ancora stanze.',
  storeNotServed: 'Non gestisci questo punto vendita: puoi vedere e caricare documenti solo nelle stanze dei punti vendita che ti sono assegnati.',
  roomGone: 'La stanza non esiste più. Scegline un’altra.',
  caption: (room: string) => `Documenti della stanza ${room}`,
  empty: 'Questa stanza non ha ancora documenti.',
  columns: { name: 'Nome', type: 'Tipo', size: 'Dimensione', uploadedAt: 'Caricato il' },
  download: 'Scarica',
  downloadOf: (name: string) => `Scarica ${name}`,
  uploadTitle: 'Carica un documento',
  fileLabel: 'File',
  filePlaceholder: 'Scegli un file…',
  uploadHint: (megabytes: number, extensions: string) => `Fino a ${megabytes} MB. Formati: ${extensions}.`,
  upload: 'Carica',
  uploading: 'Caricamento del file in corso…',
  uploaded: (name: string) => `«${name}» caricato.`,
  deleted: (name: string) => `«${name}» eliminato.`,
} as const;
