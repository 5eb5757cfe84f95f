import * as z from 'zod/mini';
import { IT } from '../messages/it';

export const USER_ROLES = ['admin', 'operator'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

const required = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message));
/** Sign-in fields are bounded like the values they are compared with (nobody types more). */
const SIGN_IN_TEXT_MAX = 100;
const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MIN_LENGTH = 8;
const newPassword = z
  .string({ error: IT.validation.passwordTooShort })
  .check(z.minLength(PASSWORD_MIN_LENGTH, IT.validation.passwordTooShort), z.maxLength(PASSWORD_MAX_LENGTH, IT.validation.passwordTooLong));
/** An optional name: trimmed, at most 100 characters, null to clear it. */
const optionalName = (message: string) => z.optional(z.nullable(z.string({ error: message }).check(z.trim(), z.maxLength(100, message))));

export const loginBodySchema = z.object({
  company: required(IT.validation.companyRequired).check(z.maxLength(SIGN_IN_TEXT_MAX, IT.validation.textTooLong)),
  username: required(IT.validation.usernameRequired).check(z.maxLength(SIGN_IN_TEXT_MAX, IT.validation.textTooLong)),
  password: z
    .string({ error: IT.validation.passwordRequired })
    .check(z.minLength(1, IT.validation.passwordRequired), z.maxLength(PASSWORD_MAX_LENGTH, IT.validation.passwordTooLong)),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** GET /api/me */
export const meSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  role: userRoleSchema,
  isGuest: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const loginResponseSchema = z.object({ user: meSchema, csrfToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** PUT /api/me: the profile fields a staff member edits. */
export const updateMeBodySchema = z.object({
  email: z.email(IT.validation.emailInvalid),
  firstName: optionalName(IT.validation.firstNameInvalid),
  lastName: optionalName(IT.validation.lastNameInvalid),
});
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const updatePasswordBodySchema = z.object({
  currentPassword: z.string({ error: IT.validation.passwordRequired }).check(z.minLength(1, IT.validation.passwordRequired)),
  newPassword,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;

export const passwordResetRequestBodySchema = z.object({
  company: required(IT.validation.companyRequired),
  email: z.email(IT.validation.emailInvalid),
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

export const passwordResetBodySchema = z.object({
  token: required(IT.validation.tokenRequired),
  password: newPassword,
});
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;
