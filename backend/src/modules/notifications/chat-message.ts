import Handlebars from 'handlebars';

/**
 * Links of the mail context that work without signing in: signed one-click validate / refuse links
 * (the professional's) and the attendee's own appointment and answer pages. An office chat message
 * is read by every member of the office, so none of them may appear in it: the chat context
 * does not have them, and a chat template naming them is refused on save.
 */
export const BEARER_LINKS = ['validate', 'refuse', 'appointment', 'eventsResponses'] as const;

/**
 * What the team-messaging settings form offers to insert in the message, named as a person reads it. The form reads
 * them from the API (`variables` of the chat settings), so this is their only list; `chat-message.spec.ts` checks each
 * is in the request mail's context and none is a bearer link.
 */
export const CHAT_MESSAGE_VARIABLES: readonly { name: string; label: string }[] = [
  { name: 'professional.name', label: 'Nom du professionnel' },
  { name: 'attendee.name', label: 'Nom du client' },
  { name: 'appointment.date', label: 'Date du rendez-vous' },
  { name: 'appointment.time', label: 'Heure' },
  { name: 'appointment.modeLabel', label: 'Mode (cabinet, visio, téléphone)' },
  { name: 'appointment.motive', label: 'Motif' },
  { name: 'links.userEvents', label: 'Lien vers vos rendez-vous' },
];

/** The mail context without its bearer links: what a chat message template can use. */
export function chatContext(context: Record<string, unknown>): Record<string, unknown> {
  const links = { ...(context.links as Record<string, unknown> | undefined) };
  for (const name of BEARER_LINKS) delete links[name];
  return { ...context, links };
}

/**
 * The bearer links a template refers to (`{{links.validate}}`, `{{this.links.refuse}}`,
 * `{{#with links}}{{validate}}{{/with}}`, `{{lookup links "refuse"}}`...): every path segment and
 * string literal is compared with the forbidden names. Throws the parser's error for a template
 * that does not compile.
 */
export function bearerLinksIn(template: string): string[] {
  const forbidden = new Set<string>(BEARER_LINKS);
  const found = new Set<string>();
  class Finder extends Handlebars.Visitor {
    override PathExpression(path: hbs.AST.PathExpression): void {
      const parts = path.parts;
      parts.forEach((part, index) => {
        if (!forbidden.has(part)) return;
        // `appointment` is also the appointment's own object (appointment.date...): a bearer link
        // only as `links.appointment`, or alone (inside `{{#with links}}`).
        const isLink = part !== 'appointment' || parts[index - 1] === 'links' || parts.length === 1;
        if (isLink) found.add(`links.${part}`);
      });
    }
    override StringLiteral(literal: hbs.AST.StringLiteral): void {
      if (forbidden.has(literal.value)) found.add(`links.${literal.value}`);
    }
  }
  new Finder().accept(Handlebars.parse(template));
  return [...found];
}
