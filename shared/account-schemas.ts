// Input schemas of a member's own account (CONTRACT §5), shared with the Account page's forms.
import { z } from 'zod';
import { ACCOUNT_MESSAGES, DELETE_CONFIRMATION } from './account';
import { currentPasswordSchema, emailField, nameSchema, newPasswordSchema } from './auth-schemas';
import { plainText } from './text';

export const updateProfileInput = z.object({ name: nameSchema });

export const changeEmailInput = z.object({
  newEmail: emailField('newEmail'),
  password: currentPasswordSchema,
});

export const changePasswordInput = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
  })
  .refine((input) => input.newPassword !== input.currentPassword, { path: ['newPassword'], message: ACCOUNT_MESSAGES.samePassword });

/** The token of a mailed link, as the verify and confirm pages send it. */
export const linkTokenInput = z.object({
  token: z.string({ error: 'Token is required' }).check(plainText('Token')).min(1, 'Token is required').max(200, 'Token is invalid'),
});

export const deleteAccountInput = z.object({
  password: currentPasswordSchema,
  confirm: z.literal(DELETE_CONFIRMATION, { error: ACCOUNT_MESSAGES.confirmDelete }),
});

/** Where a batch of the member's own audit entries starts: after this entry's id. */
export const exportAuditBatchInput = z.object({ after: z.string().check(plainText('after')).max(100, 'after is invalid').optional() });
