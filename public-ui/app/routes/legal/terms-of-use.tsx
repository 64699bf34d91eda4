import type { Route } from './+types/terms-of-use';
import { Link, useLoaderData } from 'react-router';
import { LegalPage, LEGAL_UPDATED, ToFill } from '../../components/LegalPage';
import { loadSiteConfig } from '../../lib/site-config.server';
import { useSector } from '../../lib/root-data';
import { appointmentModesPhrase } from '@rdv/sectors';
import { pageMeta } from '../../lib/seo';

/** Fresh on every request: the legal pages show what the administrators saved, at once. */
export async function loader() {
  return { siteConfig: await loadSiteConfig() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Conditions générales d’utilisation',
    description: 'Règles d’utilisation de l’annuaire et de la prise de rendez-vous en ligne.',
    path: '/cgu',
  });
}

export default function TermsOfUse() {
  const sector = useSector();
  const { productName, words } = sector;
  return (
    <LegalPage
      config={useLoaderData<typeof loader>().siteConfig}
      title="Conditions générales d’utilisation"
      updated={LEGAL_UPDATED}
    >
      <h2>1. Objet</h2>
      <p>
        Les présentes conditions générales d’utilisation (CGU) encadrent l’accès au site {productName}, édité
        par <ToFill field="company.name">Raison sociale</ToFill> (voir les{' '}
        <Link to="/mentions-legales">mentions légales</Link>), et son utilisation par toute personne qui le
        consulte ou y prend rendez-vous (« l’utilisateur »). Utiliser le service vaut acceptation des CGU en
        vigueur.
      </p>
      <h2>2. Le service</h2>
      <p>
        {productName} permet de rechercher {words.indefinite} par ville et par domaine, de consulter son
        profil et de lui demander un rendez-vous {appointmentModesPhrase(sector)}. La recherche et la prise de
        rendez-vous sont gratuites pour l’utilisateur. L’éditeur n’intervient pas dans la relation entre
        l’utilisateur et le professionnel et ne délivre aucun conseil.
      </p>
      <h2>3. Compte et identification</h2>
      <p>
        Pour prendre rendez-vous, l’utilisateur fournit son nom, son email et son numéro de téléphone, vérifié
        par un code envoyé par SMS. Il s’engage à donner des informations exactes et à garder son mot de passe
        confidentiel. Il peut supprimer son compte à tout moment depuis son espace ou en écrivant à{' '}
        <ToFill field="contact.email">adresse email de contact</ToFill>.
      </p>
      <h2>4. Rendez-vous</h2>
      <p>
        Une demande de rendez-vous n’est confirmée qu’après validation par le professionnel ; l’utilisateur
        reçoit alors un email de confirmation. L’utilisateur s’engage à honorer ses rendez-vous ou à les
        annuler dès que possible depuis son espace, afin de libérer le créneau. Des absences répétées sans
        annulation peuvent entraîner la suspension du compte.
      </p>
      <h2>5. Obligations de l’utilisateur</h2>
      <p>
        L’utilisateur s’interdit tout usage frauduleux ou abusif du service : fausses demandes, collecte
        automatisée des données de l’annuaire, atteinte à la sécurité du site, propos injurieux dans les
        messages ou les avis.
      </p>
      <h2>6. Avis</h2>
      <p>
        Seuls les utilisateurs ayant eu un rendez-vous par le service peuvent déposer un avis. Les avis sont
        publiés après contrôle ; l’éditeur peut refuser ou retirer un avis contraire à la loi ou aux présentes
        CGU.
      </p>
      <h2>7. Responsabilité</h2>
      <p>
        L’éditeur met en œuvre les moyens raisonnables pour assurer l’accès au service mais ne garantit pas
        une disponibilité sans interruption. Les informations des profils sont fournies par les professionnels
        sous leur responsabilité. L’éditeur n’est pas responsable du contenu ni du déroulement des
        rendez-vous.
      </p>
      <h2>8. Données personnelles</h2>
      <p>
        Les traitements de données sont décrits dans la{' '}
        <Link to="/politique-de-confidentialite">politique de confidentialité</Link>.
      </p>
      <h2>9. Modification des CGU</h2>
      <p>
        L’éditeur peut modifier les CGU ; la version applicable est celle en ligne au moment de l’utilisation.
        Les titulaires d’un compte sont informés par email de tout changement important.
      </p>
      <h2>10. Droit applicable et litiges</h2>
      <p>
        Les CGU sont soumises au droit français. En cas de litige, l’utilisateur consommateur peut recourir
        gratuitement au médiateur de la consommation{' '}
        <ToFill field="company.mediator">nom et coordonnées du médiateur</ToFill>, après une réclamation
        écrite restée sans réponse satisfaisante. À défaut d’accord amiable, les tribunaux compétents sont
        ceux prévus par la loi.
      </p>
    </LegalPage>
  );
}
