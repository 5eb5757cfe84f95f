import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { refusalOf } from './moves';
import { rowOf } from '../../test/helpers/join-request-row';

const STAFF = '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f';
const OTHER = '4d5e6f7a-8b9c-4d0e-8f2a-3b4c5d6e7f8a';

describe('refusalOf', () => {
  it('is 404 when the request is not there', () => {
    expect(refusalOf(null, 'approved', STAFF)).toMatchObject({ statusCode: 404, message: IT_LOBBY.errors.requestNotFound });
  });

  it('tells staff who took it: a colleague, or themselves', () => {
    expect(refusalOf(rowOf({ status: 'approved', handledById: OTHER }), 'approved', STAFF)).toMatchObject({
      statusCode: 409,
      message: IT_LOBBY.errors.takenByOther,
    });
    expect(refusalOf(rowOf({ status: 'joined', handledById: STAFF }), 'rejected', STAFF)).toMatchObject({
      statusCode: 409,
      message: IT_LOBBY.errors.alreadyHandled,
    });
  });

  it('tells staff a request still proving its phone is not theirs to answer', () => {
    expect(refusalOf(rowOf({ status: 'pending' }), 'approved', STAFF).message).toBe(IT_LOBBY.errors.verificationRequired);
    expect(refusalOf(rowOf({ status: 'verifying' }), 'busy', STAFF).message).toBe(IT_LOBBY.errors.verificationRequired);
  });

  it('names a final request closed for anybody, and other illegal moves by their states', () => {
    for (const status of ['rejected', 'cancelled', 'expired', 'ended'] as const) {
      expect(refusalOf(rowOf({ status }), 'approved', STAFF)).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.requestClosed });
      expect(refusalOf(rowOf({ status }), 'cancelled')).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.requestClosed });
    }
    expect(refusalOf(rowOf({ status: 'verified' }), 'verifying').message).toBe(IT_LOBBY.errors.illegalTransition('verified', 'verifying'));
  });
});
