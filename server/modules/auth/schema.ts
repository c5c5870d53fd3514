import { z } from 'zod';
import { passwordSchema } from '../../../contracts/password-schema';
import { emailSchema, userLanguageSchema } from '../../../contracts/user-schemas';
import { SUPPORTED_CURRENCIES } from '../../platform/currency-codes';
import { profileFieldsSchema, userSchema } from '../users/service';

const selfRegisterRole = z.enum(['advertiser', 'publisher'], {
  error: 'role must be advertiser or publisher',
});

export const loginBody = z.object({
  email: emailSchema,
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(128),
});
export type LoginBody = z.input<typeof loginBody>;

/** a publisher's referral code from the sign-up link (`/register?ref=CODE`); case-insensitive */
const referralCode = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string({ error: 'referral_code must be text' })
    .trim()
    .regex(/^[A-Za-z0-9]{4,40}$/, 'referral_code must be 4 to 40 letters and digits')
    .optional(),
);

export const registerBody = profileFieldsSchema.extend({
  email: emailSchema,
  password: passwordSchema,
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(200),
  role: selfRegisterRole,
  referral_code: referralCode,
  language: userLanguageSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const registerSimplifiedBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  role: selfRegisterRole.default('advertiser'),
  referral_code: referralCode,
  language: userLanguageSchema.optional(),
});
export type RegisterSimplifiedBody = z.input<typeof registerSimplifiedBody>;

export const completeProfileBody = profileFieldsSchema.extend({
  name: z.string().trim().min(1).max(200).optional(),
});
export type CompleteProfileBody = z.input<typeof completeProfileBody>;

export const updateProfileBody = profileFieldsSchema.extend({
  name: z.string().trim().min(1).max(200).optional(),
  preferred_currency: z.enum(SUPPORTED_CURRENCIES).nullable().optional(),
  language: userLanguageSchema.optional(),
  current_password: z.string().max(128).optional(),
  new_password: passwordSchema.optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const forgotPasswordBody = z.object({ email: emailSchema });
export const resetPasswordBody = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200),
  new_password: passwordSchema,
});

export const verifyEmailBody = z.object({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200),
});

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: userSchema,
});
export type TokenResponse = z.infer<typeof tokenResponse>;
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
