// Input schemas for the auth procedures. The forms use the same limits, so both sides agree.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TWO_FACTOR_CODE_MAX_LENGTH } from './constants';
import { plainText } from './text';

/** An email field, its messages naming it as `field` (the form's "Email", an API field's own name). */
export const emailField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .toLowerCase()
    .check(plainText(field))
    .min(1, `${field} is required`)
    .max(EMAIL_MAX_LENGTH, `${field} must be at most ${EMAIL_MAX_LENGTH} characters`)
    .pipe(z.email({ error: `${field} must be a valid email address` }))
    .meta({ examples: ['ann@example.com'] });

export const emailSchema = emailField('Email');

// The passwords alone take any character: they are only ever hashed (shared/text.ts).
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .check(plainText('Name'))
  .min(1, 'Name is required')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`);

export const registerInput = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});

// A password being checked: presence only, not today's length rule (an account's password may predate it).
export const currentPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const loginInput = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});

const twoFactorCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .check(plainText('Code'))
  .min(1, 'Code is required')
  .max(TWO_FACTOR_CODE_MAX_LENGTH, `Code must be at most ${TWO_FACTOR_CODE_MAX_LENGTH} characters`);

export const loginTwoFactorInput = z.object({
  challenge: z.string({ error: 'Challenge is required' }).check(plainText('Challenge')).min(1, 'Challenge is required').max(200, 'Challenge is invalid'),
  code: twoFactorCodeSchema,
});

export const enableTwoFactorInput = z.object({ code: twoFactorCodeSchema, password: currentPasswordSchema });

export const disableTwoFactorInput = z.object({ password: currentPasswordSchema, code: twoFactorCodeSchema });

export const forgotPasswordInput = z.object({ email: emailSchema });

export const resetPasswordInput = z.object({
  token: z.string({ error: 'Reset token is required' }).check(plainText('Reset token')).min(1, 'Reset token is required').max(200, 'Reset token is invalid'),
  password: newPasswordSchema,
});
