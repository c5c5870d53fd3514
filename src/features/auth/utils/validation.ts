import { PASSWORD_MIN_LENGTH } from '../../../../contracts/passwords';

// Client-side checks mirror the server's rules (contracts/passwords.ts) so users see them early.

export const validateEmail = (value: string) =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : 'Enter a valid email address';

export const validateNewPassword = (value: string) =>
  value.length >= PASSWORD_MIN_LENGTH ? null : `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

export const validateRequired = (label: string) => (value: string | null) =>
  value && value.trim() !== '' ? null : `${label} is required`;

export const validateCountry = (value: string | null) =>
  value && /^[A-Z]{2}$/.test(value) ? null : 'Choose your country';

export const validateOptionalUrl = (value: string) =>
  value.trim() === '' || /^https?:\/\/\S+$/i.test(value.trim())
    ? null
    : 'Website must start with http:// or https://';
