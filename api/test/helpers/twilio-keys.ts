/** Fake but well-formed Twilio keys: tokens are minted locally, nothing calls Twilio in the tests. */
export const TWILIO_TEST_KEYS = {
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_API_KEY_SID: `SK${'fedcba9876543210'.repeat(2)}`,
  TWILIO_API_KEY_SECRET: 'twilio-api-key-secret-for-tests',
} as const;
