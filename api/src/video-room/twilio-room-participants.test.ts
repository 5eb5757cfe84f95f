import type { FastifyBaseLogger } from 'fastify';
import type { RequestClient } from 'twilio';
import { twilioRoomParticipants } from './twilio-room-participants';

const CREDENTIALS = { accountSid: `AC${'a'.repeat(32)}`, apiKeySid: `SK${'b'.repeat(32)}`, apiKeySecret: 'twilio-api-key-secret' };
const ROOM = { companyId: 'c', roomId: 'r', roomName: 'company-room' };

interface Sent {
  method: string;
  uri: string;
  params?: Record<string, unknown>;
  data?: Record<string, unknown>;
}

/** Twilio's HTTP layer replaced: records each call and answers the next canned response. */
function fakeTwilio(...answers: { statusCode: number; body: unknown }[]) {
  const sent: Sent[] = [];
  const httpClient = {
    request: async (options: Sent) => {
      sent.push({ method: options.method, uri: options.uri, params: options.params, data: options.data });
      const answer = answers.shift() ?? { statusCode: 500, body: {} };
      return { ...answer, headers: {} };
    },
  } as unknown as RequestClient;
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
  return { sent, warnings, participants: twilioRoomParticipants(CREDENTIALS, log, httpClient) };
}

const page = (participants: unknown[]) => ({
  participants,
  meta: { page: 0, page_size: 50, first_page_url: '', previous_page_url: null, url: '', next_page_url: null, key: 'participants' },
});

describe('Twilio room participants', () => {
  it("counts the room's connected participants", async () => {
    const twilio = fakeTwilio({
      statusCode: 200,
      body: page([
        { sid: 'PA1', identity: 'staff-1' },
        { sid: 'PA2', identity: 'staff-2' },
      ]),
    });
    expect(await twilio.participants.count(ROOM)).toBe(2);
    expect(twilio.sent[0]).toMatchObject({
      method: 'get',
      uri: 'https://video.twilio.com/v1/Rooms/company-room/Participants',
      params: { Status: 'connected' },
    });
  });

  it('counts an unknown room as empty and lets the join go ahead when Twilio fails', async () => {
    expect(await fakeTwilio({ statusCode: 404, body: { code: 20404, message: 'not found', status: 404 } }).participants.count(ROOM)).toBe(0);
    const failing = fakeTwilio({ statusCode: 503, body: { code: 20503, message: 'unavailable', status: 503 } });
    expect(await failing.participants.count(ROOM)).toBe(0);
    expect(failing.warnings).toHaveLength(1);
  });

  it('removes a participant by setting it disconnected; one already gone is fine', async () => {
    const twilio = fakeTwilio({ statusCode: 200, body: { sid: 'PA1', status: 'disconnected' } }, { statusCode: 404, body: { code: 20404, status: 404 } });
    await twilio.participants.remove(ROOM, 'staff-1');
    await twilio.participants.remove(ROOM, 'staff-2');
    expect(twilio.sent[0]).toMatchObject({
      method: 'post',
      uri: 'https://video.twilio.com/v1/Rooms/company-room/Participants/staff-1',
      data: { Status: 'disconnected' },
    });
    await expect(fakeTwilio({ statusCode: 500, body: { code: 20500, status: 500 } }).participants.remove(ROOM, 'staff-3')).rejects.toMatchObject({
      status: 500,
      code: 20500,
    });
  });
});
