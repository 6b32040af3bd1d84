import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MESSAGES } from '../domain/password';
import { text } from './input';

/** `POST api/app/AccountContact/ChangePassword`: loginId, password, newPassword, confirmPassword. */
export const changePasswordSchema = z
  .object({
    loginId: text(200).min(1),
    password: z.string({ error: PASSWORD_MESSAGES.currentRequired }).min(1, PASSWORD_MESSAGES.currentRequired).max(256),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }).min(1, PASSWORD_MESSAGES.confirmRequired).max(256),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MESSAGES.mismatch });
    }
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/** `POST api/app/AccountContact/ForgotPassword`: LoginId. */
export const forgotPasswordSchema = z.object({
  LoginId: z.string({ error: PASSWORD_MESSAGES.userIdRequired }).trim().min(1, PASSWORD_MESSAGES.userIdRequired).max(200),
});

/** `POST api/app/AccountContact/ValidateResetToken`: Token. */
export const validateResetTokenSchema = z.object({
  Token: z.string({ error: PASSWORD_MESSAGES.missingToken }).min(1, PASSWORD_MESSAGES.missingToken).max(200),
});

/** `POST api/app/AccountContact/ResetPassword`: loginId, Token, Password, ConfirmPassword. */
export const resetPasswordSchema = z
  .object({
    loginId: text(200).min(1),
    Token: z.string({ error: PASSWORD_MESSAGES.missingToken }).min(1, PASSWORD_MESSAGES.missingToken).max(200),
    Password: newPasswordSchema,
    ConfirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }).min(1, PASSWORD_MESSAGES.confirmRequired).max(256),
  })
  .superRefine((v, ctx) => {
    if (v.ConfirmPassword && v.Password !== v.ConfirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['ConfirmPassword'], message: PASSWORD_MESSAGES.mismatch });
    }
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;

/** `POST api/app/AccountContact/ValidateResetToken`: results[0], whose the token is and whether the account is new. */
export const resetTokenCheckSchema = z.object({ memberLoginId: z.string(), isNew: z.boolean() });
export type ResetTokenCheck = z.infer<typeof resetTokenCheckSchema>;
