import { ApiRequestError } from '@incontra/contracts/http';
import { IT } from '@incontra/contracts/messages/it';
import { apiErrorMessage, fieldErrorOf, fieldNamedBy, isApiStatus } from './api-error';

const refusal = (status: number, message: string, field?: string) =>
  new ApiRequestError(status, { statusCode: status, error: 'x', message, ...(field ? { field } : {}) });

describe('the API error policy', () => {
  it.each([
    [refusal(429, 'Troppe persone in attesa in questo momento.'), 'Troppe persone in attesa in questo momento.'],
    [refusal(503, IT.errors.unavailable), IT.errors.unavailable],
    [refusal(409, 'La stanza è al completo.'), 'La stanza è al completo.'],
    [refusal(401, IT.errors.unauthorized), IT.errors.unauthorized],
    [new ApiRequestError(0, null), IT.errors.network],
    [new ApiRequestError(502, null), IT.errors.generic],
    [new Error('boom'), IT.errors.generic],
  ])('says %s in Italian', (error, expected) => {
    expect(apiErrorMessage(error)).toBe(expected);
  });

  it('says what the caller failed to do when the API gave no reason', () => {
    const fallback = 'Impossibile inviare il file.';
    expect(apiErrorMessage(refusal(413, 'Il file è troppo grande.'), fallback)).toBe('Il file è troppo grande.');
    expect(apiErrorMessage(new ApiRequestError(0, null), fallback)).toBe(IT.errors.network);
    expect(apiErrorMessage(new ApiRequestError(502, null), fallback)).toBe(fallback);
    expect(apiErrorMessage(new Error('413'), fallback)).toBe(fallback);
  });

  it('names the field of a refusal', () => {
    const error = refusal(422, 'Codice errato.', 'code');
    expect(fieldErrorOf(error, 'code')).toBe('Codice errato.');
    expect(fieldErrorOf(error, 'name')).toBeNull();
    expect(fieldNamedBy(error, (field) => (field === 'code' ? 'codice' : null))).toBe('codice');
    expect(fieldNamedBy(refusal(500, 'x', 'code'), () => 'codice')).toBeNull();
    expect(isApiStatus(error, 422)).toBe(true);
    expect(isApiStatus(new Error('x'), 422)).toBe(false);
  });
});
