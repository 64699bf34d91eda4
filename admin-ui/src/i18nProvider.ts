import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { sector } from './sector';

const office = sector.words.office;
const Office = office.charAt(0).toUpperCase() + office.slice(1);

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
    menu: { dashboard: 'Tableau de bord' },
    dashboard: {
      welcome: 'Bienvenue dans la console d’administration',
      intro: `Gérez ici les ${sector.words.plural}, leurs ${office}s, les articles du guide, les images et les redirections du site.`,
    },
  },
  resources: {
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
        indexable: 'Référencé par les moteurs de recherche',
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
        ext_id: 'CRPCEN',
        presentation: 'Présentation',
        street: 'Adresse',
        postalCode: 'Code postal',
        cityUri: 'Ville (cityUri)',
        cityName: 'Ville',
        phone: 'Téléphone',
        email: 'Email',
        professionalsCount: `Nombre de ${sector.words.plural}`,
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
