/** The notice mailed whenever an account's password changes (settings or reset link); see password-changed.mail.ts. */
export const PASSWORD_CHANGED_MAIL_JOB = 'auth.password-changed';
