import { GROOMER_ANIMALS, type SectorKey } from '@rdv/sectors';

/**
 * What the demo data says in each sector: a notary's demo (`SECTOR=notary npm run demo`) shows notaries
 * with notarial specialities, appointment reasons, fees and reviews, not lawyers with a blue theme.
 * Names, cities and offices come from the same deterministic plan in every sector.
 */
export interface DemoMotive {
  title: string;
  /** Minutes; the first motive alternates between the two so listings show varied durations. */
  durations: readonly [number, number];
  inPerson: boolean;
  visio: boolean;
  phone: boolean;
}

export interface SectorDemoContent {
  /** "Avocate", "Notaire", "Toiletteuse": the professional's title, feminine where French has one. */
  title: (civility: 'M.' | 'Mme') => string;
  /** Title on the profile: "Avocate au barreau de Lyon", "Notaire à Lyon", "Toiletteuse à Lyon". */
  presentationTitle: (title: string, city: string) => string;
  /** First sentence of a presentation (the speciality list follows). */
  openers: ReadonlyArray<(p: { female: boolean; years: number; city: string; title: string }) => string>;
  closers: readonly string[];
  fees: readonly string[];
  /** Comments of the 4 and 5 star reviews: satisfied clients. */
  reviewComments: readonly string[];
  /** Comments of the 2 and 3 star reviews: reserved, so a review's text matches its rating. */
  mixedReviewComments: readonly string[];
  /** The three appointment reasons of every demo agenda, in order. */
  motives: readonly [DemoMotive, DemoMotive, DemoMotive];
  /** Name of the demo agendas' default calendar. */
  calendarName: string;
  /** Whether demo professionals may offer visio and phone appointments (a groomer does not). */
  remoteModes: boolean;
  /**
   * Specialities a demo professional lists: from 1 to 3 of the sector's list; groomers list their
   * services and the animals they take (lists are `GROOMER_SERVICES` then `GROOMER_ANIMALS`).
   */
  animals?: readonly string[];
}

const LEGAL_OPENERS: SectorDemoContent['openers'] = [
  ({ years, city }) => `J’exerce depuis ${years} ans à ${city} et j’accompagne particuliers et entreprises.`,
  ({ years, city, title }) =>
    `${title} à ${city} depuis ${years} ans, je reçois en rendez-vous, en visio ou par téléphone.`,
  ({ female, years, city }) =>
    `Installé${female ? 'e' : ''} à ${city}, j’exerce depuis ${years} ans avec une approche pragmatique et humaine.`,
];

const CONTENT: Record<SectorKey, SectorDemoContent> = {
  lawyer: {
    title: (civility) => (civility === 'Mme' ? 'Avocate' : 'Avocat'),
    presentationTitle: (title, city) => `${title} au barreau de ${city}`,
    openers: [
      ({ female, years, city }) =>
        `${female ? 'Inscrite' : 'Inscrit'} depuis ${years} ans, j’accompagne particuliers et entreprises à ${city}.`,
      ...LEGAL_OPENERS.slice(1),
    ],
    closers: [
      'Premier rendez-vous pour faire le point sur votre situation et vous présenter une stratégie claire.',
      'Honoraires présentés dès le premier échange, dans une convention écrite.',
      'Je privilégie la recherche de solutions amiables lorsque c’est possible.',
    ],
    fees: [
      'Première consultation : 90 € TTC (45 minutes). Honoraires ensuite au temps passé ou au forfait, dans une convention écrite.',
      'Premier rendez-vous : 60 € TTC. Aide juridictionnelle acceptée.',
      'Consultation : 120 € TTC. Forfaits proposés pour les procédures courantes ; devis sur demande.',
      'Premier échange téléphonique gratuit (15 minutes). Consultation au cabinet : 80 € TTC.',
    ],
    reviewComments: [
      'Très à l’écoute, explications claires et rendez-vous obtenu rapidement.',
      'Professionnel rigoureux et disponible, je recommande.',
      'Un accompagnement humain dans une période difficile. Merci !',
      'Réponses précises à toutes mes questions, honoraires annoncés dès le départ.',
      'Rendez-vous en visio très pratique, conseils utiles.',
      'Bon suivi du dossier, délais respectés.',
      'Accueil chaleureux et grande compétence.',
    ],
    mixedReviewComments: [
      'Je n’ai pas obtenu toutes les réponses attendues, mais le rendez-vous était ponctuel.',
      'Conseils corrects, mais difficile de joindre le cabinet entre deux rendez-vous.',
      'Rendez-vous reporté deux fois ; les explications sont venues, mais tardivement.',
    ],
    motives: [
      { title: 'Première consultation', durations: [60, 45], inPerson: true, visio: false, phone: false },
      { title: 'Consultation de suivi', durations: [30, 30], inPerson: true, visio: true, phone: true },
      { title: 'Conseil par téléphone', durations: [20, 20], inPerson: false, visio: false, phone: true },
    ],
    calendarName: 'Cabinet',
    remoteModes: true,
  },
  notary: {
    title: () => 'Notaire',
    presentationTitle: (title, city) => `${title} à ${city}`,
    openers: LEGAL_OPENERS,
    closers: [
      'Premier rendez-vous pour faire le point sur votre projet et les actes à prévoir.',
      'Émoluments réglementés et frais présentés avant la signature de l’acte.',
      'Je vous reçois à l’étude pour la signature, les échanges préparatoires peuvent se faire à distance.',
    ],
    fees: [
      'Émoluments fixés par le tarif réglementé des notaires ; consultation préalable offerte pour une vente ou une succession.',
      'Premier rendez-vous gratuit pour l’ouverture d’une succession. Honoraires libres pour le conseil patrimonial, sur devis.',
      'Frais d’acquisition (« frais de notaire ») détaillés dès le compromis de vente.',
      'Consultation juridique hors acte : 80 € TTC, déduits si un acte est ensuite signé à l’étude.',
    ],
    reviewComments: [
      'Succession réglée avec beaucoup de tact et d’explications, merci.',
      'Vente de notre appartement signée dans les délais, étude très réactive.',
      'Conseils clairs sur la donation à nos enfants, frais annoncés dès le départ.',
      'Bon accompagnement pour notre contrat de mariage.',
      'Rendez-vous en visio très pratique pour préparer la signature.',
      'Étude bien organisée, pièces demandées une seule fois.',
      'Accueil chaleureux et grande compétence.',
    ],
    mixedReviewComments: [
      'Un peu d’attente pour obtenir les documents, mais un rendez-vous ponctuel.',
      'Frais plus élevés que prévu et peu d’explications sur leur détail.',
      'Étude difficile à joindre ; le dossier a fini par avancer.',
    ],
    motives: [
      {
        title: 'Premier rendez-vous (succession, donation, vente)',
        durations: [60, 45],
        inPerson: true,
        visio: false,
        phone: false,
      },
      {
        title: 'Point sur un dossier en cours',
        durations: [30, 30],
        inPerson: true,
        visio: true,
        phone: true,
      },
      { title: 'Question par téléphone', durations: [20, 20], inPerson: false, visio: false, phone: true },
    ],
    calendarName: 'Étude',
    remoteModes: true,
  },
  bailiff: {
    title: () => 'Commissaire de justice',
    presentationTitle: (title, city) => `${title} à ${city}`,
    openers: LEGAL_OPENERS,
    closers: [
      'Constats réalisés rapidement, y compris en urgence, et remis sous 48 heures.',
      'Je vous explique chaque étape du recouvrement et son coût avant de l’engager.',
      'Je privilégie le recouvrement amiable lorsque c’est possible.',
    ],
    fees: [
      'Actes de procédure au tarif réglementé. Constat : devis gratuit selon le lieu et la durée.',
      'Recouvrement amiable : honoraires de résultat annoncés par écrit avant toute démarche.',
      'Constat d’état des lieux : à partir de 250 € TTC, partagé par moitié entre bailleur et locataire.',
      'Premier échange téléphonique gratuit (15 minutes) pour évaluer votre dossier.',
    ],
    reviewComments: [
      'Constat de dégâts des eaux réalisé le lendemain, rapport très complet.',
      'Créance recouvrée à l’amiable en quelques semaines, merci.',
      'Explications claires sur la procédure d’expulsion et ses délais.',
      'Constat d’état des lieux rigoureux, tarif annoncé à l’avance.',
      'Très réactif pour la signification de mon assignation.',
      'Bon suivi du dossier, délais respectés.',
      'Accueil chaleureux et grande compétence.',
    ],
    mixedReviewComments: [
      'Dossier un peu long à démarrer, mais un rendez-vous ponctuel.',
      'Constat réalisé, mais le rapport est arrivé avec une semaine de retard.',
      'Peu de nouvelles pendant la procédure ; il a fallu relancer.',
    ],
    motives: [
      { title: 'Demande de constat', durations: [45, 30], inPerson: true, visio: false, phone: false },
      { title: 'Recouvrement d’une créance', durations: [30, 30], inPerson: true, visio: true, phone: true },
      { title: 'Question par téléphone', durations: [20, 20], inPerson: false, visio: false, phone: true },
    ],
    calendarName: 'Étude',
    remoteModes: true,
  },
  groomer: {
    title: (civility) => (civility === 'Mme' ? 'Toiletteuse' : 'Toiletteur'),
    presentationTitle: (title, city) => `${title} à ${city}`,
    openers: [
      ({ female, years, city }) =>
        `${female ? 'Toiletteuse diplômée' : 'Toiletteur diplômé'}, je prends soin de vos compagnons à ${city} depuis ${years} ans.`,
      ({ years, city }) =>
        `Mon salon de ${city} accueille chiens et chats depuis ${years} ans, dans le calme.`,
      ({ female, years, city }) =>
        `Installé${female ? 'e' : ''} à ${city} depuis ${years} ans, je travaille sans cage et sans tranquillisant.`,
    ],
    closers: [
      'Produits adaptés à chaque pelage, et un premier rendez-vous pour que votre animal découvre le salon.',
      'Tarif selon la race, la taille et l’état du pelage, annoncé avant le toilettage.',
      'Les animaux âgés ou craintifs sont reçus aux heures calmes.',
    ],
    fees: [
      'Toilettage complet petit chien : à partir de 40 € ; chien moyen : 55 € ; grand chien : sur devis.',
      'Bain et brushing chat : 50 €. Coupe des griffes seule : 10 €.',
      'Tonte : à partir de 45 € selon la taille ; démêlage facturé au quart d’heure.',
      'Forfait toilettage toutes les 6 semaines : -10 % à partir de la troisième visite.',
    ],
    reviewComments: [
      'Mon chien est revenu tout beau et détendu, merci !',
      'Très douce avec notre chat craintif, résultat parfait.',
      'Coupe aux ciseaux impeccable, exactement ce que je voulais.',
      'Salon propre, accueil adorable, tarif annoncé à l’avance.',
      'Tonte d’été réussie pour notre golden retriever.',
      'Rendez-vous tenu à l’heure, je recommande.',
      'Très bons conseils pour l’entretien du pelage entre deux toilettages.',
    ],
    mixedReviewComments: [
      'Un peu d’attente à la récupération, mais un beau travail.',
      'Coupe plus courte que demandé ; ça repoussera.',
      'Rendez-vous décalé au dernier moment, résultat correct.',
    ],
    motives: [
      { title: 'Toilettage complet', durations: [90, 60], inPerson: true, visio: false, phone: false },
      { title: 'Bain et brushing', durations: [45, 45], inPerson: true, visio: false, phone: false },
      { title: 'Coupe des griffes', durations: [15, 15], inPerson: true, visio: false, phone: false },
    ],
    calendarName: 'Salon',
    remoteModes: false,
    animals: GROOMER_ANIMALS,
  },
};

export function demoContentFor(sector: SectorKey): SectorDemoContent {
  return CONTENT[sector];
}
