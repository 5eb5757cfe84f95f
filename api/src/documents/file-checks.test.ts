import { UPLOAD_TYPES } from '@incontra/contracts/api/documents';
import { contentMatches, MAX_FILE_NAME_LENGTH, sanitizeFileName, uploadTypeOf } from './file-checks';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('sanitizeFileName', () => {
  it('keeps only the last path segment', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\Mario\\Preventivo.pdf')).toBe('Preventivo.pdf');
  });

  it('removes control characters and extension-disguising bidirectional marks', () => {
    expect(sanitizeFileName('fat\u0000tura\r\n.pdf')).toBe('fattura.pdf');
    expect(sanitizeFileName('fattura\u202Efdp.exe')).toBe('fatturafdp.exe');
  });

  it('keeps accents, composed', () => {
    expect(sanitizeFileName('Perché è così.pdf')).toBe('Perché è così.pdf');
    expect(sanitizeFileName('Citta\u0300.pdf')).toBe('Città.pdf');
  });

  it('cuts long names to 200 characters, keeping the extension and whole characters', () => {
    const name = sanitizeFileName(`${'è'.repeat(150)}${'😀'.repeat(100)}.docx`);
    expect([...name]).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('😀.docx')).toBe(true);
    expect(name).not.toContain('\uFFFD');
  });
});

describe('uploadTypeOf', () => {
  it('answers the type of an allowed extension when the declared type agrees or says nothing', () => {
    expect(uploadTypeOf('a.PDF', PDF)).toBe(PDF);
    expect(uploadTypeOf('a.pdf', 'application/octet-stream')).toBe(PDF);
    expect(uploadTypeOf('foto.jpg', 'image/jpeg')).toBe('image/jpeg');
    expect(uploadTypeOf('dati.csv', 'application/vnd.ms-excel')).toBe('text/csv');
    expect(uploadTypeOf('lettera.docx', DOCX)).toBe(DOCX);
  });

  it('refuses unknown extensions, names without one, and a declared type of another kind', () => {
    expect(uploadTypeOf('setup.exe', 'application/octet-stream')).toBeNull();
    expect(uploadTypeOf('pdf', PDF)).toBeNull();
    expect(uploadTypeOf('.pdf', PDF)).toBeNull();
    expect(uploadTypeOf('a.png', PDF)).toBeNull();
    expect(uploadTypeOf('a.pdf', 'text/html')).toBeNull();
  });
});

describe('contentMatches', () => {
  const bytes = (...values: number[]) => Buffer.from(values);

  it('has a content check for every allowed type', () => {
    for (const type of Object.keys(UPLOAD_TYPES)) expect(contentMatches(type, Buffer.alloc(0))).toBe(type.startsWith('text/'));
  });

  it('recognises the magic bytes', () => {
    expect(contentMatches(PDF, Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(contentMatches('image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(true);
    expect(contentMatches('image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(contentMatches('image/gif', Buffer.from('GIF89a'))).toBe(true);
    expect(contentMatches('image/webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe(true);
    expect(contentMatches(DOCX, Buffer.from('PK\x03\x04\x14\x00', 'latin1'))).toBe(true);
    expect(contentMatches('text/csv', Buffer.from('nome;città\nMario;Roma\n'))).toBe(true);
  });

  it('refuses content of another type', () => {
    const exe = Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1');
    expect(contentMatches(PDF, exe)).toBe(false);
    expect(contentMatches('image/png', Buffer.from('%PDF-1.7'))).toBe(false);
    expect(contentMatches('image/webp', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBe(false);
    expect(contentMatches('text/plain', exe)).toBe(false);
    expect(contentMatches('application/zip', Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
  });
});
