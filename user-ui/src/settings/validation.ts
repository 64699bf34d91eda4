import { z } from 'zod';
import { MESSAGES_FR, CIVILITIES } from '@rdv/sectors';

// The same bounds and French wording as the API (backend/src/modules/accounts/accounts.dto.ts and
// booking/booking-settings.dto.ts), so the form catches the mistake before the round trip.

export const PROFILE_MESSAGES = {
  firstNameRequired: 'Le prénom est obligatoire',
  lastNameRequired: 'Le nom est obligatoire',
  nameTooLong: 'Ce champ ne peut pas dépasser 100 caractères',
  titleTooLong: 'Le titre de présentation ne peut pas dépasser 200 caractères',
  presentationTooLong: 'La présentation ne peut pas dépasser 10 000 caractères',
  tooManyLanguages: 'Au plus 20 langues parlées',
  tooManyCopies: 'Au plus 10 emails en copie',
  copyNeedsAnEmail: 'Indiquez au moins un email pour activer la copie',
  webhookUrl: 'L’adresse du webhook doit être une URL http(s)',
  webhookTooLong: 'L’adresse du webhook est trop longue',
  templateTooLong: 'Le modèle ne peut pas dépasser 5000 caractères',
} as const;

export const profileSchema = z.object({
  civility: z.enum(CIVILITIES).or(z.literal('')),
  first_name: z
    .string()
    .trim()
    .min(1, PROFILE_MESSAGES.firstNameRequired)
    .max(100, PROFILE_MESSAGES.nameTooLong),
  last_name: z
    .string()
    .trim()
    .min(1, PROFILE_MESSAGES.lastNameRequired)
    .max(100, PROFILE_MESSAGES.nameTooLong),
  presentation_title: z.string().trim().max(200, PROFILE_MESSAGES.titleTooLong),
  /** Optional: the API reads it as a FR, BE or CH number and refuses anything else in French. */
  public_phone: z
    .string()
    .trim()
    .regex(/^(\+?[0-9 .()-]{9,20})?$/, 'Veuillez renseigner un numéro de téléphone valide'),
  presentation: z.string().trim().max(10_000, PROFILE_MESSAGES.presentationTooLong),
  spoken_languages: z.array(z.string().regex(/^[a-z]{2}$/)).max(20, PROFILE_MESSAGES.tooManyLanguages),
});
export type ProfileFormValues = z.input<typeof profileSchema>;

/** Copy addresses typed one per line or separated by commas / semicolons / spaces. */
export function splitEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

const email = z.email(MESSAGES_FR.invalidEmail);

export const mailCopySchema = z
  .object({ mail_copy_activated: z.boolean(), copy_emails: z.string() })
  .superRefine((values, ctx) => {
    const emails = splitEmails(values.copy_emails);
    const invalid = emails.find((address) => !email.safeParse(address).success);
    if (invalid)
      ctx.addIssue({
        code: 'custom',
        path: ['copy_emails'],
        message: `${MESSAGES_FR.invalidEmail} (${invalid})`,
      });
    else if (emails.length > 10)
      ctx.addIssue({ code: 'custom', path: ['copy_emails'], message: PROFILE_MESSAGES.tooManyCopies });
    else if (values.mail_copy_activated && emails.length === 0)
      ctx.addIssue({ code: 'custom', path: ['copy_emails'], message: PROFILE_MESSAGES.copyNeedsAnEmail });
  });
export type MailCopyFormValues = z.input<typeof mailCopySchema>;

export const teamMessagingSchema = z.object({
  webhookUrl: z
    .string()
    .trim()
    .max(2_000, PROFILE_MESSAGES.webhookTooLong)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, PROFILE_MESSAGES.webhookUrl),
  messageTemplate: z.string().max(5_000, PROFILE_MESSAGES.templateTooLong),
  enabled: z.boolean(),
});
export type TeamMessagingFormValues = z.input<typeof teamMessagingSchema>;

/** The video provider and the professional's own room (https only, as the API checks). */
export const visioSchema = z
  .object({
    provider: z.enum(['auto', 'google_meet', 'teams', 'jitsi', 'own_link']),
    ownLinkUrl: z
      .string()
      .trim()
      .max(500, 'Le lien de visioconférence ne doit pas dépasser 500 caractères')
      .refine((value) => {
        if (value === '') return true;
        try {
          return new URL(value).protocol === 'https:';
        } catch {
          return false;
        }
      }, 'Le lien de visioconférence doit être une adresse https:// valide'),
  })
  .refine((values) => values.provider !== 'own_link' || values.ownLinkUrl.trim() !== '', {
    path: ['ownLinkUrl'],
    message: 'Indiquez le lien de votre salle de visioconférence',
  });
export type VisioFormValues = z.input<typeof visioSchema>;
