/**
 * Input limits that the API enforces (the DTOs read them from here) and the forms check before sending, so that a
 * form never accepts what the server refuses nor refuses what it accepts.
 */
export const ACCOUNT_LIMITS = {
  usernameMinLength: 3,
  usernameMaxLength: 100,
  /** Sign-in takes a username or an email address. */
  identifierMaxLength: 255,
  emailMaxLength: 255,
  passwordMinLength: 6,
  passwordMaxLength: 200,
  nameMinLength: 2,
  nameMaxLength: 200,
} as const;
