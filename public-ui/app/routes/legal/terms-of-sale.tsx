import type { Route } from './+types/terms-of-sale';
import { Link, useLoaderData } from 'react-router';
import { LegalPage, LEGAL_UPDATED, ToFill } from '../../components/LegalPage';
import { loadSiteConfig } from '../../lib/site-config.server';
import { useSector } from '../../lib/root-data';
import { atOffice } from '@rdv/sectors';
import { pageMeta } from '../../lib/seo';

/** Fresh on every request: the legal pages show what the administrators saved, at once. */
export async function loader() {
  return { siteConfig: await loadSiteConfig() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Conditions générales de vente',
    description: 'Conditions de l’abonnement des professionnels : prix, essai, facturation et résiliation.',
    path: '/cgv',
  });
}

export default function TermsOfSale() {
  const sector = useSector();
  const { productName, words } = sector;
  return (
    <LegalPage
      config={useLoaderData<typeof loader>().siteConfig}
      title="Conditions générales de vente"
      updated={LEGAL_UPDATED}
    >
      <h2>1. Champ d’application</h2>
      <p>
        Les présentes conditions générales de vente (CGV) s’appliquent à l’abonnement souscrit par un
        professionnel (« l’abonné ») auprès de <ToFill field="company.name">Raison sociale</ToFill> pour
        figurer dans l’annuaire {productName} et utiliser ses outils d’agenda et de prise de rendez-vous.
        Elles s’adressent à des professionnels agissant pour les besoins de leur activité. Les visiteurs qui
        cherchent {words.indefinite} ou prennent rendez-vous ne paient rien : ils relèvent des{' '}
        <Link to="/cgu">CGU</Link>.
      </p>
      <h2>2. Services inclus</h2>
      <p>
        Un profil personnalisé dans l’annuaire, la prise de rendez-vous en ligne ({atOffice(sector)}, en visio
        ou par téléphone), la gestion des motifs, des disponibilités et des congés, la validation des
        demandes, la synchronisation des agendas (Google Agenda, Outlook.com et Office 365 lorsque l’éditeur
        les a activés ; Apple iCloud, tout serveur CalDAV, le serveur Exchange de l’abonné ; un abonnement ICS
        aux rendez-vous), les dossiers clients et le suivi des appels.
      </p>
      <h2>3. Prix</h2>
      <p>
        L’abonnement coûte <strong>139 € HT par mois</strong>. Une période d’essai de{' '}
        <strong>6 mois à 69 € HT par mois</strong>, sans engagement, est proposée lors de la première
        souscription. La TVA au taux en vigueur s’ajoute aux prix hors taxes. Tout changement de prix est
        annoncé au moins 30 jours à l’avance et peut conduire l’abonné à résilier sans frais.
      </p>
      <h2>4. Souscription</h2>
      <p>
        La souscription débute par une <Link to="/demande-inscription">demande d’inscription</Link>. Après
        vérification de la qualité professionnelle du demandeur, l’éditeur ouvre le compte et adresse la
        confirmation de l’abonnement par email.
      </p>
      <h2>5. Facturation et paiement</h2>
      <p>
        L’abonnement est facturé mensuellement, terme à échoir, par prélèvement SEPA. Une facture est mise à
        disposition chaque mois dans l’espace professionnel. Tout retard de paiement entraîne des pénalités au
        taux légal et l’indemnité forfaitaire de 40 € pour frais de recouvrement (article L. 441-10 du Code de
        commerce), et peut conduire à la suspension du profil après mise en demeure restée sans effet pendant
        15 jours.
      </p>
      <h2>6. Durée et résiliation</h2>
      <p>
        Pendant la période d’essai, l’abonné peut résilier à tout moment, avec effet à la fin du mois en
        cours. Au-delà, l’abonnement se poursuit mois par mois et reste résiliable à tout moment depuis
        l’espace professionnel ou par email à <ToFill field="contact.email">adresse email de contact</ToFill>,
        avec effet à la fin du mois en cours. Tout mois commencé est dû.
      </p>
      <h2>7. Obligations de l’abonné</h2>
      <p>
        L’abonné garantit l’exactitude de son profil et le respect des règles de sa profession, notamment en
        matière de communication. Il traite les demandes de rendez-vous dans des délais raisonnables et tient
        ses disponibilités à jour.
      </p>
      <h2>8. Responsabilité</h2>
      <p>
        L’éditeur est tenu d’une obligation de moyens. Sa responsabilité, toutes causes confondues, est
        limitée au montant des sommes payées par l’abonné au cours des douze derniers mois. Les chiffres
        annoncés (nouveaux dossiers, temps gagné) sont des moyennes constatées et non des engagements.
      </p>
      <h2>9. Données personnelles</h2>
      <p>
        Pour les données de ses clients, l’abonné est responsable de traitement et l’éditeur agit en
        sous-traitant, dans les conditions de l’article 28 du RGPD précisées dans l’accord de traitement
        annexé au contrat. Voir aussi la{' '}
        <Link to="/politique-de-confidentialite">politique de confidentialité</Link>.
      </p>
      <h2>10. Droit applicable</h2>
      <p>
        Les CGV sont soumises au droit français. Tout litige non résolu à l’amiable relève des tribunaux du
        ressort de <ToFill field="company.city">ville du siège</ToFill>.
      </p>
    </LegalPage>
  );
}
