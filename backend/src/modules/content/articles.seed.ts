import type { SectorKey } from '@rdv/sectors';
import type { Database } from '../../database/database.types';
import { posts } from '../../database/schema';
import { BAILIFF_ARTICLES, GROOMER_ARTICLES, NOTARY_ARTICLES } from './sector-articles.seed';

export interface SeedArticle {
  slug: string;
  title: string;
  excerpt: string;
  seoDescription: string;
  /** HTML */
  content: string;
  /** Days before the seed run: gives the guide a plausible publication history. */
  publishedDaysAgo: number;
}

const AUTHOR = 'La rédaction';

/** Guide articles of the lawyer sector ("Guide des démarches auprès de votre avocat"). */
export const LAWYER_ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'comment-preparer-son-premier-rendez-vous-avec-un-avocat',
    title: 'Comment préparer son premier rendez-vous avec un avocat',
    excerpt:
      'Documents à réunir, questions à poser, honoraires : les bons réflexes pour tirer le meilleur parti de votre première consultation.',
    seoDescription:
      'Préparer son premier rendez-vous avec un avocat : les documents à apporter, les questions à poser et les points à aborder sur les honoraires.',
    publishedDaysAgo: 60,
    content: `
<p>Un premier rendez-vous avec un avocat dure souvent entre trente minutes et une heure. Bien préparé, il permet à l’avocat de comprendre rapidement votre situation et de vous indiquer les options possibles, leurs délais et leur coût.</p>
<h2>Résumer votre situation par écrit</h2>
<p>Rédigez en une page une chronologie des faits : dates, personnes concernées, échanges importants. Notez ce que vous attendez : un conseil, une négociation, une procédure. Ce résumé évite d’oublier un élément et fait gagner du temps pendant l’entretien.</p>
<h2>Réunir les documents utiles</h2>
<ul>
<li>les contrats, baux, statuts ou actes en lien avec le litige ;</li>
<li>les courriers, courriels et messages échangés avec l’autre partie ;</li>
<li>les décisions de justice, convocations ou mises en demeure déjà reçues ;</li>
<li>les justificatifs (factures, bulletins de salaire, photos, attestations).</li>
</ul>
<p>Classez-les par ordre chronologique et apportez des copies : l’avocat pourra les conserver pour étudier le dossier.</p>
<h2>Préparer vos questions</h2>
<p>Quels sont mes droits ? Quelles sont les chances de succès et les risques ? Existe-t-il une solution amiable (négociation, médiation, procédure participative) ? Combien de temps la procédure peut-elle durer ? Notez vos questions à l’avance et n’hésitez pas à prendre des notes pendant la consultation.</p>
<h2>Parler des honoraires dès le départ</h2>
<p>Demandez le coût de la première consultation et le mode de facturation envisagé (forfait, temps passé, honoraire complémentaire de résultat). Sauf urgence ou aide juridictionnelle, l’avocat doit conclure avec vous une <strong>convention d’honoraires écrite</strong>. Vérifiez aussi si votre contrat d’assurance (habitation, automobile, carte bancaire) comporte une garantie de protection juridique qui peut prendre en charge tout ou partie des frais.</p>
<h2>Tout dire à votre avocat</h2>
<p>L’avocat est tenu au <strong>secret professionnel</strong>. Il a besoin de connaître aussi les éléments défavorables pour vous conseiller utilement : un fait découvert tardivement peut fragiliser toute une stratégie.</p>
<h2>En pratique</h2>
<p>Le rendez-vous peut se tenir au cabinet, en visio ou par téléphone, selon ce que propose l’avocat. Si vous choisissez la visio ou le téléphone, envoyez vos documents à l’avance pour que l’avocat les ait sous les yeux.</p>`,
  },
  {
    slug: 'combien-coute-un-avocat',
    title: 'Combien coûte un avocat ?',
    excerpt:
      'Honoraires libres, convention obligatoire, forfait ou taux horaire : comment sont fixés les honoraires d’un avocat et comment les anticiper.',
    seoDescription:
      'Honoraires d’avocat : forfait, taux horaire, honoraire de résultat, convention d’honoraires, aide juridictionnelle et protection juridique.',
    publishedDaysAgo: 45,
    content: `
<p>En France, les honoraires des avocats sont <strong>libres</strong> : ils sont fixés d’un commun accord entre l’avocat et son client. Ils dépendent de la complexité du dossier, du temps à y consacrer, de la notoriété et de l’expérience de l’avocat, et de votre situation.</p>
<h2>La convention d’honoraires</h2>
<p>Sauf urgence, force majeure ou aide juridictionnelle totale, l’avocat doit conclure avec son client une convention d’honoraires écrite. Elle précise le montant ou le mode de calcul des honoraires, les frais et débours prévisibles et les modalités de paiement. Lisez-la attentivement avant de la signer et demandez des précisions si un point n’est pas clair.</p>
<h2>Les principaux modes de facturation</h2>
<ul>
<li><strong>Le forfait</strong> : un prix global pour une prestation définie (une consultation, la rédaction d’un acte, une procédure simple). C’est le mode le plus prévisible.</li>
<li><strong>Le temps passé</strong> : un taux horaire multiplié par le nombre d’heures consacrées au dossier. Demandez une estimation du nombre d’heures et des relevés réguliers.</li>
<li><strong>L’honoraire complémentaire de résultat</strong> : en plus d’un honoraire fixe, un pourcentage du gain obtenu. Un honoraire fixé uniquement en fonction du résultat est interdit.</li>
</ul>
<p>Les honoraires sont généralement soumis à la TVA (20 %). Aux honoraires peuvent s’ajouter des frais : déplacements, frais de commissaire de justice, d’expertise ou de greffe.</p>
<h2>Se faire aider pour payer</h2>
<p>Selon vos ressources, l’<strong>aide juridictionnelle</strong> peut prendre en charge tout ou partie des honoraires et des frais de justice. Votre assurance peut aussi comporter une <strong>protection juridique</strong> : déclarez le litige à votre assureur avant d’engager des frais.</p>
<h2>En cas de désaccord</h2>
<p>Parlez-en d’abord avec votre avocat. Si le désaccord persiste, vous pouvez saisir le bâtonnier de l’ordre des avocats dont il dépend, qui tranche les contestations d’honoraires. Le médiateur de la consommation de la profession d’avocat peut aussi être saisi.</p>`,
  },
  {
    slug: 'l-aide-juridictionnelle',
    title: 'L’aide juridictionnelle : conditions et démarches',
    excerpt:
      'Qui peut en bénéficier, ce qu’elle couvre et comment la demander : l’essentiel sur l’aide juridictionnelle.',
    seoDescription:
      'Aide juridictionnelle : conditions de ressources, prise en charge totale ou partielle, formulaire de demande et choix de l’avocat.',
    publishedDaysAgo: 30,
    content: `
<p>L’aide juridictionnelle permet aux personnes dont les ressources sont modestes d’être défendues par un avocat et de faire face aux frais d’un procès (frais d’avocat, de commissaire de justice, d’expertise). L’État prend en charge tout ou partie de ces frais.</p>
<h2>Qui peut en bénéficier ?</h2>
<p>Elle est accordée selon le revenu fiscal de référence, la valeur du patrimoine et la composition du foyer. Selon le niveau de ressources, la prise en charge est <strong>totale</strong> ou <strong>partielle</strong>. Les plafonds sont revalorisés chaque année : un simulateur officiel permet de vérifier votre éligibilité avant de déposer la demande.</p>
<p>Certaines personnes en sont dispensées de conditions de ressources, par exemple les bénéficiaires de certaines allocations de solidarité ou les victimes des crimes les plus graves.</p>
<h2>Quelles affaires sont concernées ?</h2>
<p>Elle peut être demandée pour un procès civil, pénal ou administratif, en demande comme en défense, mais aussi pour une transaction ou une médiation avant procès. Elle est écartée si les frais sont couverts par une <strong>assurance de protection juridique</strong> : vérifiez vos contrats en premier.</p>
<h2>Comment la demander ?</h2>
<ol>
<li>Remplissez le formulaire officiel de demande d’aide juridictionnelle (cerfa n° 16146), en ligne ou sur papier.</li>
<li>Joignez les justificatifs demandés (avis d’imposition, justificatifs de ressources, pièces relatives à l’affaire).</li>
<li>Déposez la demande en ligne ou au bureau d’aide juridictionnelle du tribunal judiciaire de votre domicile ou de celui où l’affaire sera jugée.</li>
</ol>
<h2>Le choix de l’avocat</h2>
<p>Vous pouvez choisir un avocat qui accepte d’intervenir au titre de l’aide juridictionnelle : indiquez son nom dans la demande avec son accord. À défaut, le bâtonnier en désigne un. En cas d’aide partielle, une convention d’honoraires fixe le complément restant à votre charge.</p>`,
  },
  {
    slug: 'consulter-un-avocat-en-visio-ou-par-telephone',
    title: 'Consulter un avocat en visio ou par téléphone',
    excerpt:
      'Une consultation à distance a la même valeur qu’un rendez-vous au cabinet. Voici comment bien s’y préparer.',
    seoDescription:
      'Consultation d’avocat en visio ou par téléphone : avantages, préparation, envoi des documents et confidentialité.',
    publishedDaysAgo: 20,
    content: `
<p>De nombreux avocats proposent des rendez-vous en visioconférence ou par téléphone. La consultation à distance évite un déplacement, facilite un premier avis rapide et permet de consulter un avocat d’une autre ville, spécialisé dans votre domaine.</p>
<h2>Pour quels besoins ?</h2>
<p>Une première consultation, un point d’étape sur un dossier en cours, la relecture d’un contrat ou la préparation d’une audience se prêtent bien à un échange à distance. Certaines démarches demandent en revanche une rencontre ou la signature d’actes en présence de l’avocat.</p>
<h2>Bien se préparer</h2>
<ul>
<li>Envoyez vos documents à l’avance, numérisés et lisibles, en nommant clairement chaque fichier.</li>
<li>Installez-vous dans un endroit calme où vous pouvez parler librement.</li>
<li>Pour la visio, testez votre connexion, votre micro et votre caméra quelques minutes avant l’heure prévue.</li>
<li>Gardez vos questions et une chronologie des faits sous les yeux.</li>
</ul>
<h2>Confidentialité</h2>
<p>Le secret professionnel de l’avocat s’applique de la même façon qu’au cabinet. Évitez simplement les lieux publics et les réseaux Wi-Fi ouverts pendant l’échange.</p>
<h2>Honoraires</h2>
<p>Le tarif d’une consultation à distance est fixé comme celui d’une consultation au cabinet : demandez-le lors de la prise de rendez-vous. Une convention d’honoraires reste nécessaire si l’avocat poursuit le dossier.</p>`,
  },
  {
    slug: 'quand-l-avocat-est-il-obligatoire',
    title: 'Quand l’avocat est-il obligatoire ?',
    excerpt:
      'Tribunal judiciaire, cour d’appel, divorce, prud’hommes : dans quels cas devez-vous être représenté par un avocat ?',
    seoDescription:
      'Représentation obligatoire par avocat : tribunal judiciaire, cour d’appel, divorce, prud’hommes, procédure pénale. Les règles principales.',
    publishedDaysAgo: 10,
    content: `
<p>Selon la juridiction et l’enjeu du litige, vous pouvez vous défendre seul ou devez être représenté par un avocat. Même lorsqu’il n’est pas obligatoire, l’avocat reste utile pour évaluer vos chances et présenter vos arguments.</p>
<h2>Devant le tribunal judiciaire</h2>
<p>La représentation par avocat est en principe obligatoire. Elle ne l’est pas, notamment, pour les litiges portant sur une somme inférieure ou égale à 10 000 € et pour certaines matières (par exemple plusieurs contentieux relevant du juge des contentieux de la protection, comme les baux d’habitation ou le crédit à la consommation).</p>
<h2>En cas de divorce</h2>
<p>L’avocat est obligatoire dans toutes les procédures de divorce. Dans le divorce par consentement mutuel sans juge, chaque époux doit avoir son propre avocat.</p>
<h2>Devant le conseil de prud’hommes</h2>
<p>En première instance, salariés et employeurs peuvent se défendre seuls ou se faire assister, notamment par un avocat ou un défenseur syndical. En appel, la représentation par un avocat ou un défenseur syndical est obligatoire.</p>
<h2>Devant la cour d’appel</h2>
<p>En matière civile, la représentation par avocat est obligatoire dans la plupart des cas.</p>
<h2>En matière pénale</h2>
<p>Toute personne gardée à vue peut demander l’assistance d’un avocat. Devant la cour d’assises, l’accusé doit être assisté d’un avocat. Devant le tribunal correctionnel, l’assistance est un droit : si vous ne pouvez pas choisir un avocat, vous pouvez demander qu’un avocat commis d’office soit désigné.</p>
<p>Les règles comportent des exceptions et évoluent : un avocat vous dira précisément ce qui s’applique à votre situation.</p>`,
  },
];

export function articlesFor(sector: SectorKey): readonly SeedArticle[] {
  switch (sector) {
    case 'notary':
      return NOTARY_ARTICLES;
    case 'bailiff':
      return BAILIFF_ARTICLES;
    case 'groomer':
      return GROOMER_ARTICLES;
    default:
      return LAWYER_ARTICLES;
  }
}

/**
 * Inserts the sector's guide articles. Idempotent, and never overwrites an article an
 * administrator has edited since (conflicts on the slug are left alone).
 */
export async function seedArticles(db: Database, sector: SectorKey, now = new Date()): Promise<number> {
  const articles = articlesFor(sector);
  if (articles.length === 0) return 0;
  const inserted = await db
    .insert(posts)
    .values(
      articles.map((a) => ({
        slug: a.slug,
        title: a.title,
        excerpt: a.excerpt,
        seoDescription: a.seoDescription,
        content: a.content.trim(),
        author: AUTHOR,
        publishedAt: new Date(now.getTime() - a.publishedDaysAgo * 24 * 3600 * 1000),
      })),
    )
    .onConflictDoNothing({ target: posts.slug })
    .returning({ id: posts.id });
  return inserted.length;
}
