import { IT } from '../messages/it';
import { loginBodySchema, passwordResetBodySchema, updateMeBodySchema, updatePasswordBodySchema } from './auth';

/** The first issue as the API reports it: dot-joined path and message. */
function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.map(String).join('.'), message: issue.message } : null;
}

// zod/mini loads no locale: every rule of a request body carries its own Italian message, so what
// a visitor reads never depends on which zod build happens to be loaded on the page.
describe('request body messages', () => {
  it.each([
    [loginBodySchema, {}, 'company', IT.validation.companyRequired],
    [loginBodySchema, { company: '  ', username: 'admin', password: 'x' }, 'company', IT.validation.companyRequired],
    [loginBodySchema, { company: 'demo', username: 7, password: 'x' }, 'username', IT.validation.usernameRequired],
    [loginBodySchema, { company: 'demo', username: 'admin', password: '' }, 'password', IT.validation.passwordRequired],
    [updateMeBodySchema, { email: 'non-una-email' }, 'email', IT.validation.emailInvalid],
    [updateMeBodySchema, { email: 'a@b.it', firstName: 'x'.repeat(101) }, 'firstName', IT.validation.firstNameInvalid],
    [updateMeBodySchema, { email: 'a@b.it', lastName: 7 }, 'lastName', IT.validation.lastNameInvalid],
    [updatePasswordBodySchema, { currentPassword: 'x', newPassword: 'corta' }, 'newPassword', IT.validation.passwordTooShort],
    [updatePasswordBodySchema, { currentPassword: 'x', newPassword: 'x'.repeat(201) }, 'newPassword', IT.validation.passwordTooLong],
    [passwordResetBodySchema, { password: 'abbastanza-lunga' }, 'token', IT.validation.tokenRequired],
  ])('answers the Italian message of the first bad field (%#)', (schema, body, field, message) => {
    expect(firstIssue(schema.safeParse(body))).toEqual({ field, message });
  });

  it('trims names and keeps null to clear them', () => {
    const body = updateMeBodySchema.parse({ email: 'a@b.it', firstName: '  Mario ', lastName: null });
    expect(body).toEqual({ email: 'a@b.it', firstName: 'Mario', lastName: null });
    expect(updateMeBodySchema.safeParse({ email: 'a@b.it', firstName: ` ${'x'.repeat(100)} ` }).success).toBe(true);
  });
});
