import { UPLOAD_MAX_BYTES } from '@incontra/contracts/api/documents';
import { UPLOAD_ACCEPT, uploadProblem } from './upload-checks';

const TEXTS = { empty: 'vuoto', tooLarge: 'troppo grande', typeRefused: 'tipo' };
const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('uploadProblem', () => {
  it('refuses an empty file, one over the limit, and one of a type a room does not take, in the words given', () => {
    expect(uploadProblem(file('listino.pdf', 0), TEXTS)).toBe('vuoto');
    expect(uploadProblem(file('listino.pdf', UPLOAD_MAX_BYTES + 1), TEXTS)).toBe('troppo grande');
    expect(uploadProblem(file('programma.exe', 10), TEXTS)).toBe('tipo');
    expect(uploadProblem(file('senza-estensione', 10), TEXTS)).toBe('tipo');
  });

  it('lets through the types a room takes, whatever the case of the extension', () => {
    expect(uploadProblem(file('FOTO.JPG', 10), TEXTS)).toBeNull();
    expect(uploadProblem(file('note.txt', UPLOAD_MAX_BYTES), TEXTS)).toBeNull();
  });

  it('offers the picker both the types and the extensions', () => {
    expect(UPLOAD_ACCEPT.split(',')).toEqual(expect.arrayContaining(['application/pdf', '.pdf', '.jpeg', 'text/csv']));
  });
});
