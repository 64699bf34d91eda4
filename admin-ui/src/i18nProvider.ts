import { ofOffice, officeIdentifierOf } from '@rdv/sectors';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { sector } from './sector';

const office = sector.words.office;
const Office = office.charAt(0).toUpperCase() + office.slice(1);

/** « de avocats » -> « d’avocats »: French elision before a vowel or a mute h. */
export function elidedDe(word: string): string {
  return /^[aeiouyhâàéèêîïôû]/i.test(word) ? `d’${word}` : `de ${word}`;
}

const sentence = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** French catalogue: react-admin's own texts plus the labels of our resources. */
export const messagesFr = {
  ...frenchMessages,
  ra: {
    ...frenchMessages.ra,
    auth: { ...frenchMessages.ra.auth, username: 'Email' },
  },
  app: {
    title: `${sector.productName} · Administration`,
    login: {
      title: 'Console d’administration',
      subtitle: `Connectez-vous pour gérer les comptes, les ${office}s et les contenus de ${sector.productName}.`,
      email: 'Email',
      invalid_email: 'Veuillez renseigner un email valide',
    },
    menu: { dashboard: 'Tableau de bord', site_config: 'Configuration du site' },
    dashboard: {
      welcome: 'Bienvenue dans la console d’administration',
      intro: `Gérez ici les ${sector.words.plural}, leurs ${office}s, les articles du guide, les images et les redirections du site.`,
    },
  },
  resources: {
    'billing/subscriptions': {
      name: 'Abonnement |||| Abonnements',
      fields: {
        id: 'Identifiant Stripe',
        professional: sentence(sector.words.singular),
        email: 'Email',
        status: 'État',
        plan: 'Formule',
        introEndsAt: 'Fin du tarif de lancement',
        nextDebitAt: 'Prochain prélèvement',
        cancelAtPeriodEnd: 'Résiliation en fin de mois',
        paymentMethod: 'Moyen de paiement',
        failedPayments: 'Paiements échoués',
        pastDueSince: 'En retard depuis',
        suspendedAt: 'Profil suspendu le',
      },
    },
    'billing/invoices': {
      name: 'Facture et avoir |||| Factures et avoirs',
      fields: {
        number: 'Numéro',
        kind: 'Type',
        customer: 'Client',
        issuedOn: 'Date',
        totalTtc: 'Montant TTC',
        credited: 'Déjà crédité',
      },
    },
    'fee-notes': {
      name: 'Note d’honoraires |||| Notes d’honoraires',
      fields: {
        professional: 'Professionnel',
        number: 'Numéro',
        kind: 'Type',
        issuedOn: 'Date',
        totalTtcCents: 'Montant TTC',
        facturX: 'Factur-X',
      },
    },
    users: {
      name: 'Utilisateur |||| Utilisateurs',
      fields: {
        id: 'Identifiant',
        first_name: 'Prénom',
        last_name: 'Nom',
        email: 'Email',
        username: 'Identifiant de connexion',
        userUri: 'Adresse du profil',
        telephone: 'Téléphone',
        teamId: Office,
        team_id: Office,
        isActive: 'Actif',
        is_active: 'Actif',
        subscribed_at: 'Abonné depuis',
        subscribedAt: 'Abonné depuis',
        indexable: 'Référencé par les moteurs de recherche',
        city_uri: 'Ville d’exercice',
        city: 'Ville d’exercice',
        street: `Adresse ${ofOffice(sector)}`,
        postal_code: 'Code postal',
        speciality_ids: 'Domaines de compétence',
        specialities: 'Domaines de compétence',
        fees_info: 'Honoraires',
        accepts_legal_aid: 'Accepte l’aide juridictionnelle',
        profile_completeness: 'Profil',
        registrationComplete: 'Inscription',
        createdAt: 'Créé le',
        q: 'Rechercher',
      },
    },
    teams: {
      name: `${Office} |||| ${Office}s`,
      fields: {
        id: 'Identifiant',
        name: 'Nom',
        teamUri: 'Adresse de la page',
        ext_id: officeIdentifierOf(sector).name,
        presentation: 'Présentation',
        street: 'Adresse',
        postalCode: 'Code postal',
        cityUri: 'Ville (cityUri)',
        cityName: 'Ville',
        phone: 'Téléphone',
        email: 'Email',
        professionalsCount: `Nombre ${elidedDe(sector.words.plural)}`,
        updatedAt: 'Modifié le',
        q: 'Rechercher',
      },
    },
    posts: {
      name: 'Article |||| Articles',
      fields: {
        id: 'Identifiant',
        title: 'Titre',
        slug: 'Slug',
        excerpt: 'Chapeau',
        content: 'Contenu',
        author: 'Auteur',
        seoDescription: 'Description (moteurs de recherche)',
        publishedAt: 'Publié le',
        published: 'Publié',
        updatedAt: 'Modifié le',
        q: 'Rechercher',
      },
    },
    images: {
      name: 'Image |||| Images',
      fields: {
        id: 'Identifiant',
        url: 'Aperçu',
        title: 'Titre',
        alt: 'Texte alternatif',
        picture: 'Fichier image',
        createdAt: 'Ajoutée le',
        q: 'Rechercher',
      },
    },
    redirects: {
      name: 'Redirection |||| Redirections',
      fields: {
        id: 'Identifiant',
        fromPath: 'Chemin d’origine',
        toPath: 'Destination',
        status: 'Code HTTP',
        updatedAt: 'Modifiée le',
        q: 'Rechercher',
      },
    },
    'registration-requests': {
      name: 'Demande d’inscription |||| Demandes d’inscription',
      fields: {
        id: 'Identifiant',
        status: 'Statut',
        civility: 'Civilité',
        firstName: 'Prénom',
        lastName: 'Nom',
        email: 'Email',
        phone: 'Téléphone',
        officeName: Office,
        officeNumber: officeIdentifierOf(sector).name,
        city: 'Ville',
        message: 'Message',
        createdAt: 'Reçue le',
        handledAt: 'Traitée le',
        refusalReason: 'Motif du refus',
        professionalId: 'Compte créé',
        q: 'Rechercher',
      },
    },
    clients: {
      name: 'Client |||| Clients',
      fields: {
        id: 'Identifiant',
        civility: 'Civilité',
        firstName: 'Prénom',
        lastName: 'Nom',
        email: 'Email',
        phone: 'Téléphone',
        isActive: 'Actif',
        createdAt: 'Inscrit le',
        q: 'Rechercher',
      },
    },
    reviews: {
      name: 'Avis |||| Avis',
      fields: {
        id: 'Identifiant',
        createdAt: 'Reçu le',
        userId: sentence(sector.words.singular),
        professionalName: sentence(sector.words.singular),
        rating: 'Note',
        comment: 'Commentaire',
        authorName: 'Auteur',
        status: 'Statut',
        rejectionReason: 'Motif du rejet',
        q: 'Rechercher',
      },
    },
    appointments: {
      name: 'Rendez-vous |||| Rendez-vous',
      fields: {
        id: 'Identifiant',
        startsAt: 'Date',
        status: 'Statut',
        mode: 'Mode',
        refAppointment: 'Référence',
        userId: sentence(sector.words.singular),
        professionalName: sentence(sector.words.singular),
        attendeeName: 'Client',
        motiveTitle: 'Motif',
        cancelledBy: 'Annulé par',
        cancellationReason: 'Motif d’annulation',
        payment: 'Paiement',
        from: 'À partir du',
        to: 'Avant le',
      },
    },
    specialities: {
      name: 'Domaine de compétence |||| Domaines de compétences',
      fields: {
        id: 'Identifiant',
        name: 'Nom',
        slug: 'Slug (adresse)',
        position: 'Ordre',
        enabled: 'Affiché sur le site',
        q: 'Rechercher',
      },
    },
    cities: {
      name: 'Ville |||| Villes',
      fields: {
        id: 'Identifiant',
        name: 'Nom',
        inseeCode: 'Code INSEE',
        cityUri: 'Adresse (cityUri)',
        departmentCode: 'Département',
        postalCodes: 'Codes postaux',
        population: 'Population',
        q: 'Rechercher',
      },
    },
    jobs: {
      name: 'Tâche de fond |||| Files de tâches',
      fields: {
        id: 'Identifiant',
        queue: 'File',
        state: 'État',
        name: 'Tâche',
        attemptsMade: 'Essais',
        failedReason: 'Erreur',
        createdAt: 'Créée le',
        finishedAt: 'Terminée le',
        data: 'Données',
      },
    },
    'audit-log': {
      name: 'Journal d’audit |||| Journal d’audit',
      fields: {
        id: 'Identifiant',
        createdAt: 'Date',
        adminEmail: 'Administrateur',
        action: 'Action',
        resource: 'Ressource',
        resourceId: 'Élément',
        before: 'Avant',
        after: 'Après',
      },
    },
    'mail-templates': {
      name: 'Modèle d’email |||| Modèles d’email',
      fields: {
        id: 'Clé',
        key: 'Clé',
        label: 'Modèle',
        subject: 'Sujet',
        html: 'Contenu HTML',
        text: 'Contenu texte',
        customized: 'Personnalisé',
      },
    },
  },
};

export const i18nProvider = polyglotI18nProvider(
  () => messagesFr,
  'fr',
  [{ locale: 'fr', name: 'Français' }],
  {
    allowMissing: true,
  },
);
