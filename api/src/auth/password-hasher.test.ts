import { hashPassword, verifyPassword } from './password-hasher';

describe('password hashing', () => {
  it('verifies the right password only', async () => {
    const stored = await hashPassword('Incontra2026!');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    await expect(verifyPassword('Incontra2026!', stored)).resolves.toBe(true);
    await expect(verifyPassword('incontra2026!', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses malformed stored values', async () => {
    await expect(verifyPassword('x', 'plain')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$0$8$1$aa$bb')).resolves.toBe(false);
  });
});
