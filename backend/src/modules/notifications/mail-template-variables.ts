import { paymentText } from './payment-text';
import { atOffice, wordsFor, type Sector } from '@rdv/sectors';
import type { MailTemplateKey } from './mail-templates';

/**
 * The variables each mail template may use, with a French label for the admin console, and the
 * ones its purpose needs. They mirror the context `BookingNotificationsJob` renders with: the
 * unit test `mail-template-variables.spec.ts` checks every declared path exists in the sample
 * context and every default template passes the rules, so the three cannot drift apart.
 */
export interface MailTemplateVariable {
  /** Handlebars path, e.g. `appointment.date`. */
  name: string;
  label: string;
  /** A list (`{{#each name}}`); its items have these fields (`{{this.label}}`). */
  itemFields?: readonly string[];
}

const COMMON: readonly MailTemplateVariable[] = [
  { name: 'productName', label: 'Nom du site' },
  { name: 'primaryColor', label: 'Couleur principale (code hexadécimal)' },
  { name: 'words.singular', label: 'Nom du métier (« avocat », « avocate » pour Mme)' },
  { name: 'words.plural', label: 'Nom du métier au pluriel (« avocats »)' },
  { name: 'words.indefinite', label: 'Nom du métier avec article indéfini (« un avocat »)' },
  {
    name: 'words.definite',
    label: 'Nom du métier avec article défini (« l’avocat », « l’avocate » pour Mme)',
  },
  { name: 'words.office', label: 'Nom du lieu d’exercice (« cabinet »)' },
  {
    name: 'words.yours',
    label: 'Nom du métier avec possessif (« votre avocat », « votre avocate » pour Mme)',
  },
  {
    name: 'words.e',
    label: 'Accord avec le professionnel : « e » pour Mme, vide sinon (« informé » / « informée »)',
  },
  { name: 'professional.name', label: 'Nom complet du professionnel' },
  { name: 'professional.firstName', label: 'Prénom du professionnel' },
  { name: 'professional.lastName', label: 'Nom de famille du professionnel' },
  { name: 'professional.email', label: 'Email du professionnel' },
  { name: 'professional.office', label: 'Cabinet du professionnel' },
  { name: 'attendee.name', label: 'Nom complet du client' },
  { name: 'attendee.email', label: 'Email du client' },
  { name: 'attendee.phone', label: 'Téléphone du client' },
  { name: 'appointment.ref', label: 'Référence du rendez-vous' },
  { name: 'appointment.date', label: 'Date du rendez-vous (« jeudi 12 mars 2026 »)' },
  { name: 'appointment.time', label: 'Heure de début (« 14h30 »)' },
  { name: 'appointment.endTime', label: 'Heure de fin (« 15h00 »)' },
  { name: 'appointment.timezone', label: 'Fuseau horaire du rendez-vous' },
  { name: 'appointment.mode', label: 'Mode (in_person, visio ou phone)' },
  { name: 'appointment.modeLabel', label: 'Mode en toutes lettres (« au cabinet », « en visio »…)' },
  { name: 'appointment.motive', label: 'Motif du rendez-vous' },
  {
    name: 'appointment.payment',
    label: 'Motif payant : prix TTC et conditions d’annulation (ou aide juridictionnelle), vide sinon',
  },
  { name: 'appointment.address', label: 'Adresse (rendez-vous au cabinet)' },
  { name: 'appointment.visioUrl', label: 'Lien de la visio (rendez-vous en visio)' },
  { name: 'appointment.phoneNumber', label: 'Téléphone du professionnel (rendez-vous téléphonique)' },
  { name: 'appointment.notes', label: 'Message laissé par le client' },
  { name: 'appointment.status', label: 'État du rendez-vous' },
  { name: 'links.profile', label: 'Lien vers la page du professionnel' },
];

const v = (name: string, label: string): MailTemplateVariable => ({ name, label });
const ATTENDEE_PAGE = v('links.appointment', 'Lien vers la page du rendez-vous (client)');
const USER_EVENTS = v('links.userEvents', 'Lien vers les rendez-vous du professionnel');
const REASON = v('reason', 'Motif donné par le professionnel');
const CANCELLED_BY_ATTENDEE = v('cancelledByAttendee', 'Vrai si le client a annulé lui-même');
const PROPOSAL = v('proposal', 'Nouveau créneau demandé, pour {{#if proposal}} (absent si inconnu)');
const MESSAGE = v('message', 'Message accompagnant la demande');

/** Subscription mails: the professional, the amount due and the "Mon abonnement" page. */
const BILLING: readonly MailTemplateVariable[] = [
  v('productName', 'Nom du site'),
  v('primaryColor', 'Couleur principale (code hexadécimal)'),
  v('professional.name', 'Nom complet du professionnel'),
  v('professional.firstName', 'Prénom du professionnel'),
  v('billing.amount', 'Montant dû TTC (« 82,80 € »)'),
  v('links.billing', 'Lien vers la page « Mon abonnement »'),
];

export interface MailTemplateRules {
  /** What the mail is and who receives it, in French (the admin console's list). */
  label: string;
  variables: readonly MailTemplateVariable[];
  /** Variables the mail's purpose needs: each must appear in the HTML body and in the text body. */
  required: readonly string[];
}

/**
 * Per template: its own variables on top of the common ones. The signed one-click links
 * (`links.validate`, `links.refuse`) are bearer secrets: only the professional's request mail has them.
 */
export const MAIL_TEMPLATE_RULES: Record<MailTemplateKey, MailTemplateRules> = {
  'appointment.requested.professional': {
    label: 'Nouvelle demande de rendez-vous (au professionnel)',
    variables: [
      ...COMMON,
      v('links.validate', 'Lien de validation en un clic (réservé au professionnel)'),
      v('links.refuse', 'Lien de refus en un clic (réservé au professionnel)'),
      USER_EVENTS,
    ],
    required: ['attendee.name', 'appointment.date', 'appointment.time', 'links.validate', 'links.refuse'],
  },
  'appointment.requested.attendee': {
    label: 'Demande de rendez-vous envoyée (au client)',
    variables: [...COMMON, ATTENDEE_PAGE],
    required: ['professional.name', 'appointment.date', 'appointment.time', 'links.appointment'],
  },
  'appointment.validated.attendee': {
    label: 'Rendez-vous confirmé (au client)',
    variables: [...COMMON, ATTENDEE_PAGE],
    required: ['professional.name', 'appointment.date', 'appointment.time', 'links.appointment'],
  },
  'appointment.refused.attendee': {
    label: 'Demande de rendez-vous refusée (au client)',
    variables: [...COMMON, REASON],
    required: ['professional.name', 'appointment.date', 'links.profile'],
  },
  'appointment.cancelled.attendee': {
    label: 'Rendez-vous annulé (au client)',
    variables: [...COMMON, REASON, CANCELLED_BY_ATTENDEE],
    required: ['appointment.date', 'appointment.time', 'links.profile'],
  },
  'appointment.cancelled.professional': {
    label: 'Rendez-vous annulé (au professionnel)',
    variables: [...COMMON, REASON, CANCELLED_BY_ATTENDEE, USER_EVENTS],
    required: ['attendee.name', 'appointment.date', 'appointment.time'],
  },
  'appointment.moved.attendee': {
    label: 'Rendez-vous déplacé (au client)',
    variables: [
      ...COMMON,
      ATTENDEE_PAGE,
      v('previous', 'Ancienne date et heure, pour {{#if previous}} (absentes si inconnues)'),
      v('previous.date', 'Ancienne date du rendez-vous'),
      v('previous.time', 'Ancienne heure du rendez-vous'),
    ],
    required: ['appointment.date', 'appointment.time', 'links.appointment'],
  },
  'appointment.reschedule_requested.professional': {
    label: 'Demande de déplacement d’un rendez-vous confirmé (au professionnel)',
    variables: [
      ...COMMON,
      PROPOSAL,
      v('proposal.date', 'Date demandée par le client'),
      v('proposal.time', 'Heure demandée par le client'),
      v('links.validate', 'Lien pour accepter le nouveau créneau en un clic (réservé au professionnel)'),
      v('links.refuse', 'Lien pour refuser le déplacement en un clic (réservé au professionnel)'),
      USER_EVENTS,
    ],
    required: [
      'attendee.name',
      'appointment.date',
      'proposal.date',
      'proposal.time',
      'links.validate',
      'links.refuse',
    ],
  },
  'appointment.reschedule_refused.attendee': {
    label: 'Déplacement refusé, rendez-vous maintenu (au client)',
    variables: [
      ...COMMON,
      ATTENDEE_PAGE,
      REASON,
      PROPOSAL,
      v('proposal.date', 'Date demandée par le client'),
      v('proposal.time', 'Heure demandée par le client'),
    ],
    required: ['professional.name', 'appointment.date', 'appointment.time', 'links.appointment'],
  },
  'appointment.reminder.attendee': {
    label: 'Rappel de rendez-vous (au client)',
    variables: [...COMMON, ATTENDEE_PAGE],
    required: ['professional.name', 'appointment.date', 'appointment.time', 'links.appointment'],
  },
  'availabilities.requested.attendee': {
    label: 'Demande de disponibilités (au client)',
    variables: [
      ...COMMON,
      MESSAGE,
      v('links.eventsResponses', 'Lien où le client indique ses disponibilités'),
    ],
    required: ['professional.name', 'links.eventsResponses'],
  },
  'availabilities.submitted.professional': {
    label: 'Disponibilités indiquées par le client (au professionnel)',
    variables: [
      ...COMMON,
      MESSAGE,
      USER_EVENTS,
      {
        name: 'availabilities',
        label: 'Disponibilités du client (liste : {{#each availabilities}}{{this.label}}{{/each}})',
        itemFields: ['label', 'start', 'end'],
      },
    ],
    required: ['attendee.name', 'availabilities', 'links.userEvents'],
  },
  'billing.payment_failed.professional': {
    label: 'Échec d’un prélèvement de l’abonnement (au professionnel)',
    variables: [...BILLING, v('billing.attempt', 'Numéro de la tentative de paiement')],
    required: ['billing.amount', 'links.billing'],
  },
  'billing.formal_notice.professional': {
    label: 'Mise en demeure d’un abonnement impayé (au professionnel)',
    variables: [
      ...BILLING,
      v('billing.dueSince', 'Date du premier échec de paiement'),
      v('billing.suspensionDate', 'Date de suspension du profil sans paiement'),
    ],
    required: ['billing.amount', 'billing.suspensionDate', 'links.billing'],
  },
  'billing.suspended.professional': {
    label: 'Profil suspendu pour impayé (au professionnel)',
    variables: [...BILLING, v('billing.noticeDate', 'Date de la mise en demeure')],
    required: ['billing.amount', 'links.billing'],
  },
  'billing.restored.professional': {
    label: 'Profil rétabli après paiement (au professionnel)',
    variables: BILLING,
    required: ['links.billing'],
  },
};

/**
 * Realistic French values the preview renders with, in the shape of the real context
 * (`BookingNotificationsJob.context`). Optional parts are filled so the preview shows every block.
 */
export function sampleMailContext(sector: Sector, publicUrl: string): Record<string, unknown> {
  const base = publicUrl.replace(/\/+$/, '');
  const ref = 'RDV-7KQ2M9';
  return {
    productName: sector.productName,
    primaryColor: sector.primaryColor,
    // Claire Dubois is "Mme": the preview shows the words agreed as her mails will.
    words: { ...sector.words, ...wordsFor(sector, 'Mme') },
    professional: {
      name: 'Claire Dubois',
      firstName: 'Claire',
      lastName: 'Dubois',
      email: `claire.dubois@${sector.words.office.normalize('NFD').replace(/[^a-z]/g, '')}-dubois.fr`,
      office: `${sector.words.office.charAt(0).toUpperCase()}${sector.words.office.slice(1)} Dubois & Associés`,
    },
    attendee: { name: 'Julien Martin', email: 'julien.martin@exemple.fr', phone: '06 12 34 56 78' },
    appointment: {
      ref,
      date: 'jeudi 12 mars 2026',
      time: '14h30',
      endTime: '15h00',
      timezone: 'Europe/Paris',
      mode: 'in_person',
      modeLabel: atOffice(sector),
      motive: 'Première consultation',
      payment: paymentText({
        status: 'authorized',
        amountCents: 8000,
        legalAid: false,
        cancellationDeadlineHours: 48,
        lateCancellationRefund: 'half',
      }),
      address: '12 rue de la République, 69002 Lyon',
      visioUrl: null,
      phoneNumber: null,
      notes: 'Je souhaiterais un conseil au sujet d’un bail commercial.',
      status: 'pending',
    },
    links: {
      appointment: `${base}/appointments/${ref}`,
      validate: `${base}/user/event-action?token=exemple&action=validate`,
      refuse: `${base}/user/event-action?token=exemple&action=refuse`,
      eventsResponses: `${base}/events-responses/exemple`,
      userEvents: `${base}/user/events`,
      profile: `${base}/${sector.routes.profile}/claire-dubois`,
      billing: `${base}/user/abonnement`,
    },
    reason: 'Je suis en audience ce jour-là.',
    message: 'Merci de m’indiquer deux ou trois créneaux la semaine prochaine.',
    cancelledByAttendee: false,
    billing: {
      amount: '82,80 €',
      attempt: 2,
      dueSince: '2 mars 2026',
      suspensionDate: '24 mars 2026',
      noticeDate: '9 mars 2026',
    },
    previous: { date: 'mardi 10 mars 2026', time: '09h00' },
    proposal: { date: 'vendredi 13 mars 2026', time: '10h00' },
    availabilities: [
      {
        start: '2026-03-16T08:00:00.000Z',
        end: '2026-03-16T10:00:00.000Z',
        label: 'lundi 16 mars 2026 de 09h00 à 11h00',
      },
      {
        start: '2026-03-18T13:00:00.000Z',
        end: '2026-03-18T16:00:00.000Z',
        label: 'mercredi 18 mars 2026 de 14h00 à 17h00',
      },
    ],
  };
}
