import { createEngine } from './create-engine';
import { LocalEngine } from './local/local-engine';
import { TwilioEngine } from './twilio/twilio-engine';

describe('createEngine', () => {
  it('builds the engine the join response names', async () => {
    const local = await createEngine('local');
    expect(local).toBeInstanceOf(LocalEngine);
    expect(local.provider).toBe('local');
    expect(local.connectionState).toBe('connecting');
    const twilio = await createEngine('twilio');
    expect(twilio).toBeInstanceOf(TwilioEngine);
    expect(twilio.provider).toBe('twilio');
  });
});
