import type { FastifyBaseLogger } from 'fastify';
import { guestSeatsOf, type SeatRoster } from './guest-seats';

const COMPANY = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ROOM = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

function roster(answer: () => Promise<boolean>) {
  const isMember = jest.fn<Promise<boolean>, [string, string, string]>(answer);
  const log = { warn: jest.fn() };
  return { isMember, log, roster: { isMember } satisfies SeatRoster, logger: log as unknown as FastifyBaseLogger };
}

describe('guestSeatsOf', () => {
  it('asks the built-in engine’s signalling whether the guest is a member of the room', async () => {
    const rooms = roster(async () => true);
    expect(await guestSeatsOf('local', rooms.roster, rooms.logger).holdsSeat(COMPANY, ROOM, 'guest-a')).toBe(true);
    expect(rooms.isMember).toHaveBeenCalledWith(COMPANY, ROOM, 'guest-a');
    rooms.isMember.mockResolvedValueOnce(false);
    expect(await guestSeatsOf('local', rooms.roster, rooms.logger).holdsSeat(COMPANY, ROOM, 'guest-b')).toBe(false);
  });

  it('answers unknown, and logs, when the process running the room does not answer', async () => {
    const rooms = roster(() => Promise.reject(new Error('signalling process p2 did not answer')));
    expect(await guestSeatsOf('local', rooms.roster, rooms.logger).holdsSeat(COMPANY, ROOM, 'guest-a')).toBeNull();
    expect(rooms.log.warn).toHaveBeenCalledTimes(1);
  });

  it('answers unknown with Twilio, whose calls hold no seat here, without asking the signalling', async () => {
    const rooms = roster(async () => false);
    expect(await guestSeatsOf('twilio', rooms.roster, rooms.logger).holdsSeat(COMPANY, ROOM, 'guest-a')).toBeNull();
    expect(rooms.isMember).not.toHaveBeenCalled();
  });
});
