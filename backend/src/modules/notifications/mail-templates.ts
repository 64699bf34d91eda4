import Handlebars from 'handlebars';

/**
 * A mail template: Handlebars sources of the subject, the HTML body and the plain-text body. The HTML is the
 * mail's own content (a fragment): the mailer puts it in the common layout (header, footer), as it does the text.
 */
export interface MailTemplateSource {
  subject: string;
  html: string;
  text: string;
}

export const MAIL_TEMPLATE_KEYS = [
  'appointment.requested.professional',
  'appointment.requested.attendee',
  'appointment.validated.attendee',
  'appointment.refused.attendee',
  'appointment.cancelled.attendee',
  'appointment.cancelled.professional',
  'appointment.moved.attendee',
  'appointment.reschedule_requested.professional',
  'appointment.reschedule_refused.attendee',
  'appointment.reminder.attendee',
  'availabilities.requested.attendee',
  'availabilities.submitted.professional',
  'billing.payment_failed.professional',
  'billing.formal_notice.professional',
  'billing.suspended.professional',
  'billing.restored.professional',
] as const;
export type MailTemplateKey = (typeof MAIL_TEMPLATE_KEYS)[number];

/** Default SMS reminder and chat message (Handlebars, plain text). */
export const DEFAULT_SMS_REMINDER =
  '{{productName}} : rappel de votre rendez-vous avec {{professional.name}} demain {{appointment.date}} à {{appointment.time}} ({{appointment.modeLabel}}). Détails : {{links.appointment}}';
export const DEFAULT_CHAT_MESSAGE =
  'Nouvelle demande de rendez-vous pour {{professional.name}} : {{attendee.name}}, {{appointment.date}} à {{appointment.time}} ({{appointment.modeLabel}}{{#if appointment.motive}}, {{appointment.motive}}{{/if}}). À valider : {{links.userEvents}}';

/**
 * A button that Outlook draws too: a one-cell table coloured with `bgcolor` (Outlook ignores an anchor's
 * background), the link padded inside it. On a phone the layout's media query makes it full width.
 */
const buttonTable = (href: string, label: string, cell: string, link: string) =>
  `<table role="presentation" class="mail-button-table" border="0" cellpadding="0" cellspacing="0" style="margin:16px 0;border-collapse:separate"><tr><td align="center" ${cell}><a href="${href}" class="mail-button" style="${link}">${label}</a></td></tr></table>`;

const button = (href: string, label: string) =>
  buttonTable(
    href,
    label,
    'bgcolor="{{primaryColor}}" style="border-radius:4px;background:{{primaryColor}}"',
    'display:inline-block;padding:12px 20px;background:{{primaryColor}};color:#fff;font-weight:bold;text-decoration:none;border-radius:4px',
  );

/**
 * The other answer next to a primary button ("Refuser" beside "Valider"): outlined in grey on white, so the two
 * choices never look alike. Same size as `button` (the 1px border is taken from the padding).
 */
const secondaryButton = (href: string, label: string) =>
  buttonTable(
    href,
    label,
    'bgcolor="#ffffff" style="border-radius:4px;background:#fff"',
    'display:inline-block;padding:11px 19px;background:#fff;color:#444444;border:1px solid #9e9e9e;font-weight:bold;text-decoration:none;border-radius:4px',
  );

const details = `<ul>
<li>Date : <strong>{{appointment.date}} à {{appointment.time}}</strong> (fin à {{appointment.endTime}})</li>
<li>Mode : {{appointment.modeLabel}}</li>
{{#if appointment.motive}}<li>Motif : {{appointment.motive}}</li>{{/if}}
{{#if appointment.payment}}<li>Règlement : {{appointment.payment}}</li>{{/if}}
{{#if appointment.address}}<li>Adresse : {{appointment.address}}</li>{{/if}}
{{#if appointment.visioUrl}}<li>Lien visio : <a href="{{appointment.visioUrl}}">{{appointment.visioUrl}}</a></li>{{/if}}
{{#if appointment.phoneNumber}}<li>Téléphone : {{appointment.phoneNumber}}</li>{{/if}}
</ul>`;

const detailsText = `- Date : {{appointment.date}} à {{appointment.time}} (fin à {{appointment.endTime}})
- Mode : {{appointment.modeLabel}}
{{#if appointment.motive}}- Motif : {{appointment.motive}}
{{/if}}{{#if appointment.payment}}- Règlement : {{appointment.payment}}
{{/if}}{{#if appointment.address}}- Adresse : {{appointment.address}}
{{/if}}{{#if appointment.visioUrl}}- Lien visio : {{appointment.visioUrl}}
{{/if}}{{#if appointment.phoneNumber}}- Téléphone : {{appointment.phoneNumber}}
{{/if}}`;

/** Built-in French templates, used for every key that has no row in `mail_templates`. */
export const DEFAULT_MAIL_TEMPLATES: Record<MailTemplateKey, MailTemplateSource> = {
  'appointment.requested.professional': {
    subject: 'Nouvelle demande de rendez-vous le {{appointment.date}} à {{appointment.time}}',
    html: `<p>Bonjour {{professional.name}},</p>
<p>{{attendee.name}} demande un rendez-vous :</p>
${details}
{{#if attendee.email}}<p>Contact : {{attendee.email}}{{#if attendee.phone}} — {{attendee.phone}}{{/if}}</p>{{/if}}
{{#if appointment.notes}}<p>Message : {{appointment.notes}}</p>{{/if}}
<p>Le créneau est réservé en attendant votre réponse.</p>
${button('{{links.validate}}', 'Valider le rendez-vous')}
${secondaryButton('{{links.refuse}}', 'Refuser')}`,
    text: `Bonjour {{professional.name}},

{{attendee.name}} demande un rendez-vous :
${detailsText}{{#if attendee.email}}Contact : {{attendee.email}}{{#if attendee.phone}} — {{attendee.phone}}{{/if}}
{{/if}}{{#if appointment.notes}}Message : {{appointment.notes}}
{{/if}}
Le créneau est réservé en attendant votre réponse.
Valider le rendez-vous : {{links.validate}}
Refuser : {{links.refuse}}
`,
  },
  'appointment.requested.attendee': {
    subject: 'Votre demande de rendez-vous avec {{professional.name}} a bien été envoyée',
    html: `<p>Bonjour {{attendee.name}},</p>
<p>Votre demande de rendez-vous avec {{professional.name}} a bien été envoyée. Le créneau vous est réservé ; vous recevrez un email de confirmation dès que {{words.definite}} l’aura validée.</p>
${details}
${button('{{links.appointment}}', 'Voir mon rendez-vous')}`,
    text: `Bonjour {{attendee.name}},

Votre demande de rendez-vous avec {{professional.name}} a bien été envoyée. Le créneau vous est réservé ; vous recevrez un email de confirmation dès que {{words.definite}} l’aura validée.
${detailsText}
Voir mon rendez-vous : {{links.appointment}}
`,
  },
  'appointment.validated.attendee': {
    subject: 'Votre rendez-vous du {{appointment.date}} à {{appointment.time}} est confirmé',
    html: `<p>Bonjour {{attendee.name}},</p>
<p>{{professional.name}} a confirmé votre rendez-vous.</p>
${details}
<p>Vous trouverez ce rendez-vous en pièce jointe pour l’ajouter à votre agenda.</p>
${button('{{links.appointment}}', 'Voir ou annuler mon rendez-vous')}`,
    text: `Bonjour {{attendee.name}},

{{professional.name}} a confirmé votre rendez-vous.
${detailsText}
Vous trouverez ce rendez-vous en pièce jointe (rendez-vous.ics) pour l’ajouter à votre agenda.
Voir ou annuler mon rendez-vous : {{links.appointment}}
`,
  },
  'appointment.refused.attendee': {
    subject: 'Votre demande de rendez-vous du {{appointment.date}} n’a pas pu être acceptée',
    html: `<p>Bonjour {{attendee.name}},</p>
<p>{{professional.name}} ne peut pas vous recevoir le {{appointment.date}} à {{appointment.time}}.</p>
{{#if reason}}<p>Motif : {{reason}}</p>{{/if}}
<p>Vous pouvez choisir un autre créneau sur {{productName}}.</p>
${button('{{links.profile}}', 'Choisir un autre créneau')}`,
    text: `Bonjour {{attendee.name}},

{{professional.name}} ne peut pas vous recevoir le {{appointment.date}} à {{appointment.time}}.
{{#if reason}}Motif : {{reason}}
{{/if}}
Vous pouvez choisir un autre créneau : {{links.profile}}
`,
  },
  'appointment.cancelled.attendee': {
    subject: 'Votre rendez-vous du {{appointment.date}} à {{appointment.time}} est annulé',
    html: `<p>Bonjour {{attendee.name}},</p>
{{#if cancelledByAttendee}}<p>Vous avez annulé votre rendez-vous avec {{professional.name}} ; {{words.definite}} a été informé{{words.e}}.</p>
{{else}}<p>{{professional.name}} a annulé votre rendez-vous.</p>{{/if}}
${details}
{{#if reason}}<p>Motif : {{reason}}</p>{{/if}}
${button('{{links.profile}}', 'Reprendre rendez-vous')}`,
    text: `Bonjour {{attendee.name}},

{{#if cancelledByAttendee}}Vous avez annulé votre rendez-vous avec {{professional.name}} ; {{words.definite}} a été informé{{words.e}}.{{else}}{{professional.name}} a annulé votre rendez-vous.{{/if}}
${detailsText}{{#if reason}}Motif : {{reason}}
{{/if}}
Reprendre rendez-vous : {{links.profile}}
`,
  },
  'appointment.cancelled.professional': {
    subject: 'Rendez-vous du {{appointment.date}} à {{appointment.time}} annulé',
    html: `<p>Bonjour {{professional.name}},</p>
{{#if cancelledByAttendee}}<p>{{attendee.name}} a annulé son rendez-vous. Le créneau est de nouveau libre.</p>
{{else}}<p>Vous avez annulé le rendez-vous de {{attendee.name}} ; le client a été informé.</p>{{/if}}
${details}
{{#if reason}}<p>Motif : {{reason}}</p>{{/if}}
${button('{{links.userEvents}}', 'Voir mes rendez-vous')}`,
    text: `Bonjour {{professional.name}},

{{#if cancelledByAttendee}}{{attendee.name}} a annulé son rendez-vous. Le créneau est de nouveau libre.{{else}}Vous avez annulé le rendez-vous de {{attendee.name}} ; le client a été informé.{{/if}}
${detailsText}{{#if reason}}Motif : {{reason}}
{{/if}}
Voir mes rendez-vous : {{links.userEvents}}
`,
  },
  'appointment.moved.attendee': {
    subject: 'Votre rendez-vous est déplacé au {{appointment.date}} à {{appointment.time}}',
    html: `<p>Bonjour {{attendee.name}},</p>
<p>{{professional.name}} a déplacé votre rendez-vous{{#if previous}} du {{previous.date}} à {{previous.time}}{{/if}}.</p>
${details}
${button('{{links.appointment}}', 'Voir mon rendez-vous')}`,
    text: `Bonjour {{attendee.name}},

{{professional.name}} a déplacé votre rendez-vous{{#if previous}} du {{previous.date}} à {{previous.time}}{{/if}}.
${detailsText}
Voir mon rendez-vous : {{links.appointment}}
`,
  },
  'appointment.reschedule_requested.professional': {
    subject: '{{attendee.name}} demande à déplacer son rendez-vous au {{proposal.date}} à {{proposal.time}}',
    html: `<p>Bonjour {{professional.name}},</p>
<p>{{attendee.name}} demande à déplacer son rendez-vous confirmé du {{appointment.date}} à {{appointment.time}} au <strong>{{proposal.date}} à {{proposal.time}}</strong>.</p>
${details}
<p>Le rendez-vous reste confirmé à son horaire actuel tant que vous n’avez pas accepté ; le nouveau créneau est réservé en attendant votre réponse.</p>
${button('{{links.validate}}', 'Accepter le nouveau créneau')}
${secondaryButton('{{links.refuse}}', 'Refuser le déplacement')}`,
    text: `Bonjour {{professional.name}},

{{attendee.name}} demande à déplacer son rendez-vous confirmé du {{appointment.date}} à {{appointment.time}} au {{proposal.date}} à {{proposal.time}}.
${detailsText}
Le rendez-vous reste confirmé à son horaire actuel tant que vous n’avez pas accepté ; le nouveau créneau est réservé en attendant votre réponse.
Accepter le nouveau créneau : {{links.validate}}
Refuser le déplacement : {{links.refuse}}
`,
  },
  'appointment.reschedule_refused.attendee': {
    subject: 'Votre rendez-vous reste fixé au {{appointment.date}} à {{appointment.time}}',
    html: `<p>Bonjour {{attendee.name}},</p>
<p>{{professional.name}} ne peut pas déplacer votre rendez-vous{{#if proposal}} au {{proposal.date}} à {{proposal.time}}{{/if}}. Votre rendez-vous reste confirmé :</p>
${details}
{{#if reason}}<p>Motif : {{reason}}</p>{{/if}}
${button('{{links.appointment}}', 'Voir mon rendez-vous')}`,
    text: `Bonjour {{attendee.name}},

{{professional.name}} ne peut pas déplacer votre rendez-vous{{#if proposal}} au {{proposal.date}} à {{proposal.time}}{{/if}}. Votre rendez-vous reste confirmé :
${detailsText}{{#if reason}}Motif : {{reason}}
{{/if}}
Voir mon rendez-vous : {{links.appointment}}
`,
  },
  'appointment.reminder.attendee': {
    subject: 'Rappel : rendez-vous avec {{professional.name}} le {{appointment.date}} à {{appointment.time}}',
    html: `<p>Bonjour {{attendee.name}},</p>
<p>Nous vous rappelons votre rendez-vous avec {{professional.name}} :</p>
${details}
${button('{{links.appointment}}', 'Voir ou annuler mon rendez-vous')}`,
    text: `Bonjour {{attendee.name}},

Nous vous rappelons votre rendez-vous avec {{professional.name}} :
${detailsText}
Voir ou annuler mon rendez-vous : {{links.appointment}}
`,
  },
  'availabilities.requested.attendee': {
    subject: '{{professional.name}} vous demande vos disponibilités',
    html: `<p>Bonjour {{attendee.name}},</p>
<p>{{professional.name}} vous demande vos disponibilités pour votre rendez-vous{{#if appointment.motive}} ({{appointment.motive}}){{/if}}.</p>
{{#if message}}<p>Message : {{message}}</p>{{/if}}
${button('{{links.eventsResponses}}', 'Indiquer mes disponibilités')}`,
    text: `Bonjour {{attendee.name}},

{{professional.name}} vous demande vos disponibilités pour votre rendez-vous{{#if appointment.motive}} ({{appointment.motive}}){{/if}}.
{{#if message}}Message : {{message}}
{{/if}}
Indiquer mes disponibilités : {{links.eventsResponses}}
`,
  },
  'availabilities.submitted.professional': {
    subject: '{{attendee.name}} a indiqué ses disponibilités',
    html: `<p>Bonjour {{professional.name}},</p>
<p>{{attendee.name}} a indiqué ses disponibilités :</p>
<ul>{{#each availabilities}}<li>{{this.label}}</li>{{/each}}</ul>
{{#if message}}<p>Message : {{message}}</p>{{/if}}
${button('{{links.userEvents}}', 'Déplacer et valider le rendez-vous')}`,
    text: `Bonjour {{professional.name}},

{{attendee.name}} a indiqué ses disponibilités :
{{#each availabilities}}- {{this.label}}
{{/each}}{{#if message}}Message : {{message}}
{{/if}}
Déplacer et valider le rendez-vous : {{links.userEvents}}
`,
  },
  'billing.payment_failed.professional': {
    subject: 'Échec du prélèvement de votre abonnement {{productName}}',
    html: `<p>Bonjour {{professional.name}},</p>
<p>Le paiement de {{billing.amount}} pour votre abonnement n’a pas abouti (tentative n° {{billing.attempt}}).</p>
<p>Vérifiez ou changez votre moyen de paiement : une nouvelle tentative aura lieu automatiquement.</p>
${button('{{links.billing}}', 'Mettre à jour mon moyen de paiement')}`,
    text: `Bonjour {{professional.name}},

Le paiement de {{billing.amount}} pour votre abonnement n’a pas abouti (tentative n° {{billing.attempt}}).
Vérifiez ou changez votre moyen de paiement : une nouvelle tentative aura lieu automatiquement.
{{links.billing}}
`,
  },
  'billing.formal_notice.professional': {
    subject: 'Mise en demeure : abonnement {{productName}} impayé',
    html: `<p>Bonjour {{professional.name}},</p>
<p>Malgré nos relances, la somme de {{billing.amount}} due depuis le {{billing.dueSince}} reste impayée.</p>
<p>Nous vous mettons en demeure de la régler. Sans paiement au {{billing.suspensionDate}}, votre profil sera suspendu conformément aux conditions générales de vente : il ne sera plus visible et ne pourra plus recevoir de nouvelles réservations. Vos rendez-vous existants sont conservés.</p>
${button('{{links.billing}}', 'Régler mon abonnement')}`,
    text: `Bonjour {{professional.name}},

Malgré nos relances, la somme de {{billing.amount}} due depuis le {{billing.dueSince}} reste impayée.
Nous vous mettons en demeure de la régler. Sans paiement au {{billing.suspensionDate}}, votre profil sera suspendu conformément aux conditions générales de vente : il ne sera plus visible et ne pourra plus recevoir de nouvelles réservations. Vos rendez-vous existants sont conservés.
{{links.billing}}
`,
  },
  'billing.suspended.professional': {
    subject: 'Votre profil {{productName}} est suspendu',
    html: `<p>Bonjour {{professional.name}},</p>
<p>La mise en demeure du {{billing.noticeDate}} est restée sans réponse : votre profil est suspendu. Il n’apparaît plus dans l’annuaire et ne reçoit plus de nouvelles réservations ; vos rendez-vous existants sont maintenus.</p>
<p>Il sera rétabli dès le paiement de {{billing.amount}}.</p>
${button('{{links.billing}}', 'Régler mon abonnement')}`,
    text: `Bonjour {{professional.name}},

La mise en demeure du {{billing.noticeDate}} est restée sans réponse : votre profil est suspendu. Il n’apparaît plus dans l’annuaire et ne reçoit plus de nouvelles réservations ; vos rendez-vous existants sont maintenus.
Il sera rétabli dès le paiement de {{billing.amount}}.
{{links.billing}}
`,
  },
  'billing.restored.professional': {
    subject: 'Votre profil {{productName}} est de nouveau en ligne',
    html: `<p>Bonjour {{professional.name}},</p>
<p>Nous avons bien reçu votre paiement de {{billing.amount}}, merci. Votre profil est de nouveau visible et ouvert aux réservations.</p>
${button('{{links.billing}}', 'Voir mon abonnement')}`,
    text: `Bonjour {{professional.name}},

Nous avons bien reçu votre paiement de {{billing.amount}}, merci. Votre profil est de nouveau visible et ouvert aux réservations.
{{links.billing}}
`,
  },
};

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const cache = new Map<string, HandlebarsTemplateDelegate>();

function compile(source: string, escape: boolean): HandlebarsTemplateDelegate {
  const cacheKey = `${escape ? 'h' : 't'}:${source}`;
  let template = cache.get(cacheKey);
  if (!template) {
    template = Handlebars.compile(source, { noEscape: !escape, strict: false });
    if (cache.size > 500) cache.clear();
    cache.set(cacheKey, template);
  }
  return template;
}

/** Renders a template: HTML with escaping, subject and text without (they are not HTML). */
export function renderMail(source: MailTemplateSource, context: object): RenderedMail {
  return {
    subject: compile(source.subject, false)(context).replace(/\s+/g, ' ').trim(),
    html: compile(source.html, true)(context),
    text: compile(source.text, false)(context),
  };
}

/** Renders a plain-text template (SMS, chat message). */
export function renderText(source: string, context: object): string {
  return compile(source, false)(context).trim();
}
