/** Length a new password must have; the server refuses others, forms say so before sending. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn score (0–4) a new password needs: the server's check and the client's meter use the same rule. */
export const MIN_PASSWORD_SCORE = 3;
