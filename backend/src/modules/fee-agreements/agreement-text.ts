import { createHash } from 'node:crypto';

/** SHA-256 (hex) of a text: the name of a version of the terms, and of a filled agreement. */
export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** Longest terms a professional may write (a few pages). */
export const TERMS_MAX_LENGTH = 20_000;

/*
 * The words a professional may write in the terms; the server replaces them when the client reads the agreement,
 * so the terms are written once per motive for every client: {client} (the client's first and last names),
 * {avocat} (Maître and the lawyer's names), {prestation} (the motive, the service), {honoraires} (the fee, TTC),
 * {date_rendez_vous} (the appointment's date and time, Paris).
 */

/**
 * The model shipped with the product: a fee agreement for a first consultation at a fixed fee, with the
 * clauses the profession's rules expect (parties, mission, fee and its payment, cancellation, disputes
 * before the bâtonnier). The professional starts from it and adapts it.
 */
export const MODEL_TERMS = `Article 1 – Parties
La présente convention est conclue entre {avocat}, avocat, ci-après « l’avocat », et {client}, ci-après « le client ».

Article 2 – Mission
Le client confie à l’avocat une première consultation juridique : {prestation}, le {date_rendez_vous}. La mission comprend l’écoute de la situation exposée par le client, l’analyse des pièces qu’il communique et un avis oral sur ses droits et les démarches envisageables. Toute mission complémentaire (rédaction d’actes, correspondances, procédure) fera l’objet d’une convention distincte.

Article 3 – Honoraires
En contrepartie de la mission, le client verse à l’avocat un honoraire forfaitaire de {honoraires} TTC. Ce forfait couvre l’intégralité de la consultation ; aucun honoraire de résultat n’est prévu.

Article 4 – Modalités de paiement
Le paiement est effectué en ligne au moment de la réservation, par carte bancaire. Le montant est autorisé à la réservation et prélevé lorsque l’avocat confirme le rendez-vous. Une facture est remise au client.

Article 5 – Annulation
Le client peut annuler le rendez-vous dans les conditions indiquées lors de la réservation ; le remboursement suit la règle d’annulation affichée avec le tarif. Si l’avocat annule ou refuse le rendez-vous, le client est intégralement remboursé.

Article 6 – Secret professionnel
L’avocat est tenu au secret professionnel pour tout ce qui lui est confié dans le cadre de la mission.

Article 7 – Contestations
En cas de différend sur les honoraires, les parties s’efforcent de le régler à l’amiable. À défaut, la contestation est portée devant le bâtonnier de l’ordre des avocats dont relève l’avocat, conformément aux articles 174 et suivants du décret n° 91-1197 du 27 novembre 1991. Le client peut également recourir gratuitement au médiateur de la consommation de la profession d’avocat.`;

export interface AgreementParties {
  /** "Maître Jeanne Martin" */
  professional: string;
  client: string;
  service: string;
  priceCents: number;
  startsAt: Date;
}

const euros = (cents: number) =>
  `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: cents % 100 ? 2 : 0 }).format(cents / 100)} €`;

const parisDate = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(date);

/**
 * The agreement as the client reads and accepts it: a heading naming both parties, the service and the fee
 * (whatever the professional wrote), then the terms with their placeholders replaced. Rendered by the
 * server from the stored version only, never from a text a client sent.
 */
export function fillAgreement(terms: string, parties: AgreementParties): string {
  const values: Record<string, string> = {
    '{client}': parties.client,
    '{avocat}': parties.professional,
    '{prestation}': parties.service,
    '{honoraires}': euros(parties.priceCents),
    '{date_rendez_vous}': parisDate(parties.startsAt),
  };
  const body = terms.replace(/\{(client|avocat|prestation|honoraires|date_rendez_vous)\}/g, (m) => values[m]);
  const heading = [
    'CONVENTION D’HONORAIRES',
    '',
    `Entre : ${parties.professional}, avocat`,
    `Et : ${parties.client}, client`,
    `Prestation : ${parties.service}`,
    `Rendez-vous : ${parisDate(parties.startsAt)}`,
    `Honoraires : ${euros(parties.priceCents)} TTC`,
  ].join('\n');
  return `${heading}\n\n${body.trim()}\n`;
}
