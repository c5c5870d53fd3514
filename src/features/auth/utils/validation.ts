import { translate } from '../../../lib/i18n';
import { PASSWORD_MIN_LENGTH } from '../../../../contracts/passwords';

// Client-side checks mirror the server's rules (contracts/passwords.ts) so users see them early.

export const validateEmail = (value: string) =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : translate('auth', 'validation.email');

export const validateNewPassword = (value: string) =>
  value.length >= PASSWORD_MIN_LENGTH
    ? null
    : translate('auth', 'validation.passwordLength', { count: PASSWORD_MIN_LENGTH });

export const validateRequired = (label: string) => (value: string | null) =>
  value && value.trim() !== '' ? null : translate('auth', 'validation.required', { label });

export const validateCountry = (value: string | null) =>
  value && /^[A-Z]{2}$/.test(value) ? null : translate('auth', 'validation.country');

export const validateOptionalUrl = (value: string) =>
  value.trim() === '' || /^https?:\/\/\S+$/i.test(value.trim()) ? null : translate('auth', 'validation.url');
