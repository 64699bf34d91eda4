import type { Route } from './+types/privacy-policy';
import { Link, useLoaderData } from 'react-router';
import { LegalPage, LEGAL_UPDATED, ToFill } from '../../components/LegalPage';
import { loadSiteConfig } from '../../lib/site-config.server';
import { useSector } from '../../lib/root-data';
import { ofOffice, officeIdentifierOf } from '@rdv/sectors';
import { pageMeta } from '../../lib/seo';
import { OPEN_CONSENT_EVENT } from '../../lib/consent';

/** Fresh on every request: the legal pages show what the administrators saved, at once. */
export async function loader() {
  return { siteConfig: await loadSiteConfig() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Politique de confidentialité',
    description: 'Données traitées, finalités, durées de conservation, cookies et vos droits.',
    path: '/politique-de-confidentialite',
  });
}

export default function PrivacyPolicy() {
  const sector = useSector();
  const { productName, words } = sector;
  return (
    <LegalPage
      config={useLoaderData<typeof loader>().siteConfig}
      title="Politique de confidentialité"
      updated={LEGAL_UPDATED}
    >
      <p>
        Cette politique explique quelles données personnelles {productName} traite, pourquoi, combien de temps
        et comment exercer vos droits, conformément au règlement général sur la protection des données (RGPD)
        et à la loi « Informatique et libertés ».
      </p>
      <h2>Responsable du traitement</h2>
      <p>
        <ToFill field="company.name">Raison sociale</ToFill>,{' '}
        <ToFill field="company.address">adresse du siège</ToFill>. Délégué à la protection des données :{' '}
        <ToFill field="company.dpo_email">adresse email du DPO</ToFill>. Pour les données que {words.definite}{' '}
        consigne dans ses dossiers clients, c’est {words.definite} qui est responsable du traitement ; nous
        agissons alors pour son compte.
      </p>
      <h2>Données traitées</h2>
      <ul>
        <li>
          <strong>Clients</strong> : civilité, nom, prénom, email, téléphone et sa vérification, date de
          naissance si elle est demandée, rendez-vous (date, motif, mode), documents que vous choisissez de
          transmettre, avis.
        </li>
        <li>
          <strong>Professionnels</strong> : identité, coordonnées professionnelles, nom et adresse{' '}
          {ofOffice(sector)}, {officeIdentifierOf(sector).name}, présentation, photo, domaines,
          disponibilités, données de facturation, connexion aux agendas externes.
        </li>
        <li>
          <strong>Tous les visiteurs</strong> : données techniques (adresse IP, navigateur, pages consultées)
          et, avec votre accord seulement, mesure d’audience.
        </li>
      </ul>
      <h2>Finalités et bases légales</h2>
      <ul>
        <li>Prise, rappel et suivi des rendez-vous : exécution du service demandé (contrat).</li>
        <li>Vérification du numéro de téléphone et lutte contre les abus : intérêt légitime.</li>
        <li>Gestion des abonnements et facturation des professionnels : contrat et obligations légales.</li>
        <li>
          Estimation de votre ville à partir de l’adresse IP pour proposer des professionnels proches :
          intérêt légitime, sans conservation de l’adresse à cette fin.
        </li>
        <li>Mesure d’audience : votre consentement, que vous pouvez retirer à tout moment.</li>
      </ul>
      <h2>Destinataires</h2>
      <p>
        Vos données de rendez-vous sont transmises au professionnel que vous choisissez. Nos sous-traitants
        (hébergement dans l’Union européenne, envoi d’emails et de SMS) n’y accèdent que pour rendre le
        service. Aucune donnée n’est vendue.
      </p>
      <h2>Durées de conservation</h2>
      <ul>
        <li>Compte client : jusqu’à sa suppression, ou 3 ans après la dernière activité.</li>
        <li>Rendez-vous : 3 ans après la date du rendez-vous.</li>
        <li>Compte professionnel : durée de l’abonnement, puis 3 ans ; pièces comptables : 10 ans.</li>
        <li>Journaux techniques : 12 mois. Choix en matière de cookies : 12 mois (365 jours).</li>
      </ul>
      <h2>Cookies</h2>
      <p>
        Les cookies nécessaires (session, choix de cookies) sont toujours actifs. Les cookies de mesure
        d’audience ne sont déposés qu’avec votre accord ; refuser est aussi simple qu’accepter.{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}
        >
          Modifier mes choix
        </button>
      </p>
      <h2>Vos droits</h2>
      <p>
        Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de
        portabilité, ainsi que du droit de définir des directives sur le sort de vos données après votre
        décès. Écrivez à <ToFill field="company.dpo_email">adresse email du DPO</ToFill> ; nous répondons sous
        un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir la CNIL
        (www.cnil.fr).
      </p>
      <h2>Sécurité</h2>
      <p>
        Connexions chiffrées (HTTPS), mots de passe hachés, accès aux données limité aux personnes habilitées,
        sauvegardes régulières. Voir aussi les <Link to="/mentions-legales">mentions légales</Link>.
      </p>
    </LegalPage>
  );
}
