/**
 * The API's Italian answers about video rooms and their documents.
 */
export const IT_VIDEO_ROOM = {
  invalidParticipantId: 'L’identificativo del partecipante non è valido.',
  roomFull: (max: number) =>
    max === 1 ? 'La stanza è al completo: può ospitare una sola persona.' : `La stanza è al completo: può ospitare al massimo ${max} persone.`,
  cannotKickYourself: 'Non puoi rimuovere te stesso dalla stanza: usa il pulsante per uscire.',
} as const;

export const IT_DOCUMENTS = {
  fileRequired: 'Scegli un file da caricare.',
  fileEmpty: 'Il file è vuoto.',
  oneFileOnly: 'Puoi caricare un solo file alla volta.',
  tooLarge: (megabytes: number) => `Il file supera la dimensione massima consentita di ${megabytes} MB.`,
  typeNotAllowed: 'Tipo di file non consentito. Puoi caricare PDF, immagini (PNG, JPEG, GIF, WebP), testo, CSV e documenti Word, Excel o PowerPoint.',
  kindInvalid: 'Il tipo di documento deve essere "document" o "chat".',
  linkInvalid: 'Il link per scaricare il file non è valido o è scaduto.',
  /** A guest's upload token that is forged, expired or revoked (the guest was removed). */
  roomAccessInvalid: 'Non hai più accesso a questa stanza: non puoi inviare file.',
  /** A guest may send files in the chat only, never add them to the room's documents. */
  guestChatOnly: 'Gli ospiti possono inviare file solo nella chat della stanza.',
  /** A multipart body the parser cannot read: cut short, without or with a wrong boundary. */
  formInvalid: 'Il modulo inviato non è valido o è incompleto: riprova a caricare il file.',
  /** A body sent compressed (Content-Encoding): uploads are read as sent. */
  encodingNotSupported: 'Il file deve essere inviato senza compressione.',
  /** A body that is not multipart/form-data. */
  formRequired: 'Il file deve essere inviato con un modulo multipart/form-data.',
  /** One uploader (a staff member, a guest's entry) sent more files than allowed in a minute, on every upload route. */
  uploadRateLimited: (perMinute: number) => `Hai inviato troppi file: puoi caricarne al massimo ${perMinute} al minuto. Riprova tra poco.`,
  /** The room holds its maximum of files (documents and chat files together). */
  roomFilesFull: (max: number) => `La stanza ha raggiunto il limite di ${max} file: elimina quelli che non servono più.`,
  /** The company's stored files (documents, chat files, the editor's images) would pass its quota. */
  quotaExceeded: (megabytes: number) =>
    `Spazio esaurito: i file dell’azienda (documenti, file della chat e immagini dei testi) possono occupare al massimo ${megabytes} MB. Elimina quelli che non servono più.`,
} as const;
