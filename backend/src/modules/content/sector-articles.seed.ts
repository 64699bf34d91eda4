import type { SeedArticle } from './articles.seed';

/**
 * Guide articles of the other sectors ("Guide des démarches auprès de votre notaire"...), two each, so the
 * guide of a notaries' or groomers' demo is not empty. General information, dated by the seed.
 */
export const NOTARY_ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'preparer-son-rendez-vous-chez-le-notaire-pour-une-succession',
    title: 'Préparer son rendez-vous chez le notaire pour une succession',
    excerpt:
      'Acte de décès, livret de famille, testament, relevés : les documents à réunir et les étapes d’un règlement de succession.',
    seoDescription:
      'Succession chez le notaire : documents à apporter au premier rendez-vous, acte de notoriété, déclaration de succession et frais.',
    publishedDaysAgo: 45,
    content: `
<p>Le notaire n’est pas toujours obligatoire pour régler une succession, mais il l’est dès qu’elle comprend un bien immobilier, une donation ou un testament. Il établit les actes, calcule les droits de chacun et prépare la déclaration de succession.</p>
<h2>Les documents à réunir</h2>
<ul>
<li>l’acte de décès et le livret de famille du défunt ;</li>
<li>le contrat de mariage ou la convention de PACS, le jugement de divorce le cas échéant ;</li>
<li>le testament et les actes de donation, si vous en avez connaissance ;</li>
<li>les titres de propriété, les relevés de comptes et de placements, les contrats d’assurance vie connus ;</li>
<li>les justificatifs des dettes (prêts, factures, impôts).</li>
</ul>
<h2>Les étapes</h2>
<p>Le notaire dresse d’abord l’<strong>acte de notoriété</strong>, qui désigne les héritiers. S’il y a un bien immobilier, il établit l’attestation de propriété qui le transfère aux héritiers. La <strong>déclaration de succession</strong> doit être déposée dans les six mois du décès lorsqu’il a eu lieu en France métropolitaine.</p>
<h2>Les frais</h2>
<p>Les actes de succession sont rémunérés selon un <strong>tarif réglementé</strong>, identique d’une étude à l’autre ; les conseils hors acte font l’objet d’honoraires libres, annoncés à l’avance. Les droits de succession éventuels sont un impôt, reversé à l’État.</p>`,
  },
  {
    slug: 'frais-de-notaire-ce-que-vous-payez-lors-d-un-achat-immobilier',
    title: 'Frais de notaire : ce que vous payez lors d’un achat immobilier',
    excerpt:
      'Taxes, débours et émoluments : ce que recouvrent les « frais de notaire » et pourquoi ils sont plus faibles dans le neuf.',
    seoDescription:
      'Frais de notaire d’un achat immobilier : droits de mutation, débours, émoluments réglementés, ancien et neuf.',
    publishedDaysAgo: 20,
    content: `
<p>Les « frais de notaire » payés lors d’un achat immobilier sont pour l’essentiel des <strong>impôts</strong> que le notaire collecte pour l’État et les collectivités. Ils représentent en général 7 à 8 % du prix dans l’ancien et 2 à 3 % dans le neuf.</p>
<h2>Ce qu’ils comprennent</h2>
<ul>
<li>les droits de mutation (taxes départementale et communale), la plus grosse part ;</li>
<li>les débours : sommes avancées par l’étude pour le dossier (cadastre, urbanisme, état hypothécaire) ;</li>
<li>les émoluments du notaire, fixés par un tarif réglementé et proportionnels au prix.</li>
</ul>
<h2>Les anticiper</h2>
<p>Demandez une estimation dès la signature de l’avant-contrat. Le prix des meubles vendus avec le logement, s’il est détaillé dans l’acte, n’est pas soumis aux droits de mutation. Le notaire vous remet après la vente un décompte des sommes réellement dépensées.</p>`,
  },
];

export const BAILIFF_ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'faire-etablir-un-constat-par-un-commissaire-de-justice',
    title: 'Faire établir un constat par un commissaire de justice',
    excerpt:
      'Dégât des eaux, trouble de voisinage, état des lieux, contenu d’un site internet : quand et comment faire constater des faits.',
    seoDescription:
      'Constat de commissaire de justice : valeur de preuve, cas d’usage, déroulement et prix d’un constat.',
    publishedDaysAgo: 40,
    content: `
<p>Le commissaire de justice (profession qui réunit depuis 2022 les huissiers de justice et les commissaires-priseurs judiciaires) peut constater des faits à la demande de toute personne. Son constat décrit ce qu’il voit et entend, sans donner d’avis, et fait foi jusqu’à preuve contraire.</p>
<h2>Quand y penser</h2>
<ul>
<li>un dégât des eaux, des malfaçons ou des désordres dans un logement ;</li>
<li>un trouble de voisinage (bruit, empiètement, plantations) ;</li>
<li>un état des lieux d’entrée ou de sortie quand bailleur et locataire ne s’entendent pas ;</li>
<li>le contenu d’une page internet ou d’un message, avant qu’il ne disparaisse.</li>
</ul>
<h2>Déroulement et prix</h2>
<p>Le commissaire de justice se déplace sur les lieux, éventuellement avec des photos, et remet un procès-verbal de constat. Le prix d’un constat est libre : demandez un devis. Pour un état des lieux locatif établi par un commissaire de justice, le coût est partagé par moitié entre bailleur et locataire, à un tarif réglementé.</p>`,
  },
  {
    slug: 'recouvrer-une-facture-impayee',
    title: 'Recouvrer une facture impayée : de l’amiable au judiciaire',
    excerpt:
      'Relance, mise en demeure, procédure simplifiée, injonction de payer, saisie : les étapes d’un recouvrement de créance.',
    seoDescription:
      'Recouvrement de créance par un commissaire de justice : amiable, procédure simplifiée des petites créances, injonction de payer.',
    publishedDaysAgo: 12,
    content: `
<p>Avant toute procédure, une relance puis une <strong>mise en demeure</strong> par lettre recommandée rappellent au débiteur sa dette et le délai pour payer. Un commissaire de justice peut ensuite mener un recouvrement amiable : il contacte le débiteur et négocie un paiement, éventuellement échelonné.</p>
<h2>Les petites créances</h2>
<p>Pour une créance de 5 000 € au plus, la <strong>procédure simplifiée de recouvrement</strong> est menée par le commissaire de justice sans passer par le juge : si le débiteur accepte le montant et les modalités de paiement, l’accord reçoit force exécutoire.</p>
<h2>Quand le débiteur ne répond pas</h2>
<p>L’<strong>injonction de payer</strong>, demandée au tribunal sur pièces, aboutit à une décision que le commissaire de justice signifie au débiteur. Devenue exécutoire, elle permet des mesures d’exécution (saisie sur compte, sur salaire ou de biens), que seul le commissaire de justice peut mettre en œuvre.</p>`,
  },
];

export const GROOMER_ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'a-quelle-frequence-faire-toiletter-son-chien',
    title: 'À quelle fréquence faire toiletter son chien ?',
    excerpt:
      'Poil ras, long, dur ou à sous-poil dense : le bon rythme de toilettage et les soins à faire entre deux rendez-vous.',
    seoDescription:
      'Fréquence de toilettage d’un chien selon son pelage : bain, tonte, coupe aux ciseaux, épilation et coupe des griffes.',
    publishedDaysAgo: 30,
    content: `
<p>Le rythme du toilettage dépend surtout du pelage. Un chien à <strong>poil ras</strong> se contente d’un brossage régulier et d’un bain de temps en temps ; un chien à <strong>poil long ou bouclé</strong> (caniche, bichon, yorkshire) passe au salon toutes les six à huit semaines pour une coupe aux ciseaux ou une tonte.</p>
<h2>Poil dur et sous-poil dense</h2>
<p>Les chiens à poil dur (terriers, schnauzers) sont <strong>épilés</strong> (trimming) deux à quatre fois par an, pour garder la texture du poil. Les races à sous-poil dense (berger, husky, golden retriever) ne se tondent pas : un démêlage et un bain qui retirent le sous-poil mort suffisent, surtout pendant la mue.</p>
<h2>Entre deux rendez-vous</h2>
<ul>
<li>brossez plusieurs fois par semaine les poils longs, pour éviter les nœuds ;</li>
<li>faites vérifier les griffes environ une fois par mois ;</li>
<li>signalez au toiletteur toute rougeur, plaie ou parasite : certains soins relèvent du vétérinaire.</li>
</ul>`,
  },
  {
    slug: 'premiere-seance-de-toilettage-chat-et-nac',
    title: 'Première séance de toilettage d’un chat ou d’un NAC',
    excerpt:
      'Transport, jeûne, informations à donner au toiletteur : préparer un chat, un lapin ou un cochon d’Inde à son premier toilettage.',
    seoDescription:
      'Toilettage du chat et des NAC : préparer la première séance, démêlage, bain, coupe des griffes et précautions.',
    publishedDaysAgo: 8,
    content: `
<p>Un chat se lave seul, mais un <strong>chat à poil long</strong> (persan, maine coon) a souvent besoin d’un démêlage ou d’une tonte des nœuds, et un chat âgé se toilette moins bien. Les lapins, cochons d’Inde et furets (les NAC) viennent surtout pour le brossage et la coupe des griffes.</p>
<h2>Avant le rendez-vous</h2>
<ul>
<li>amenez l’animal dans une caisse de transport fermée, avec un linge qui porte son odeur ;</li>
<li>évitez un gros repas juste avant la séance ;</li>
<li>dites au toiletteur son âge, ses problèmes de santé et ses réactions au stress.</li>
</ul>
<h2>Pendant la séance</h2>
<p>Le toiletteur travaille au calme et par étapes courtes. Un bain complet est rarement nécessaire pour un chat et déconseillé pour un lapin, dont la peau et le stress supportent mal l’eau : on privilégie le brossage et le nettoyage localisé. Si l’animal est trop stressé, mieux vaut arrêter et reprendre un autre jour.</p>`,
  },
];
