import { dropWebinarJoin, keepWebinarJoin, readWebinarJoin, webinarJoinKey, webinarLivePath } from './webinar-join-handoff';

const WEBINAR_ID = '50000000-0000-4000-8000-000000000005';
const JOIN = {
  engine: 'local' as const,
  role: 'viewer' as const,
  webinarId: WEBINAR_ID,
  seat: '30000000-0000-4000-8000-000000000003',
  displayName: 'Giulia Bianchi',
  token: 'credential',
  expiresAt: '2026-03-03T20:00:00.000Z',
  iceServers: [],
  janus: null,
  twilio: null,
};

afterEach(() => window.sessionStorage.clear());

describe('the join credential handed to the live page', () => {
  it('is kept for this tab and read back for its webinar, then forgotten', () => {
    expect(keepWebinarJoin(JOIN)).toBe(true);
    expect(readWebinarJoin(WEBINAR_ID)).toEqual(JOIN);
    dropWebinarJoin(WEBINAR_ID);
    expect(readWebinarJoin(WEBINAR_ID)).toBeNull();
  });

  it('reads nothing from a malformed entry, or from one made for another webinar', () => {
    window.sessionStorage.setItem(webinarJoinKey(WEBINAR_ID), '{not json');
    expect(readWebinarJoin(WEBINAR_ID)).toBeNull();
    window.sessionStorage.setItem(webinarJoinKey(WEBINAR_ID), JSON.stringify({ ...JOIN, token: 42 }));
    expect(readWebinarJoin(WEBINAR_ID)).toBeNull();
    const other = '60000000-0000-4000-8000-000000000006';
    window.sessionStorage.setItem(webinarJoinKey(other), JSON.stringify(JOIN));
    expect(readWebinarJoin(other)).toBeNull();
  });

  it('says when the browser refuses to keep it', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    try {
      expect(keepWebinarJoin(JOIN)).toBe(false);
    } finally {
      setItem.mockRestore();
    }
  });

  it('opens the room remote’s live page, the id encoded', () => {
    expect(webinarLivePath(WEBINAR_ID)).toBe(`/room/webinar/${WEBINAR_ID}`);
  });
});
