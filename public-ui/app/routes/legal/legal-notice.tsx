import { Link } from 'react-router';
import type { Route } from './+types/legal-notice';
import { LegalPage, LEGAL_UPDATED, ToFill } from '../../components/LegalPage';
import { useSector } from '../../lib/root-data';
import { pageMeta } from '../../lib/seo';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Mentions légales',
    description: 'Éditeur, directeur de la publication, hébergeur et contact du service.',
    path: '/mentions-legales',
  });
}

export default function LegalNotice() {
  const { productName } = useSector();
  return (
    <LegalPage title="Mentions légales" updated={LEGAL_UPDATED}>
      <p>
        Conformément à l’article 6 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie
        numérique (LCEN), voici l’identité des intervenants du site {productName}.
      </p>
      <h2>Éditeur du site</h2>
      <p>
        <ToFill>Raison sociale</ToFill>, <ToFill>forme juridique</ToFill> au capital de{' '}
        <ToFill>montant</ToFill> €, immatriculée au registre du commerce et des sociétés de{' '}
        <ToFill>ville du greffe</ToFill> sous le numéro <ToFill>numéro RCS / SIREN</ToFill>.
        <br />
        Siège social : <ToFill>adresse postale</ToFill>.
        <br />
        Numéro de TVA intracommunautaire : <ToFill>numéro de TVA</ToFill>.
        <br />
        Contact : <ToFill>adresse email de contact</ToFill> – <ToFill>numéro de téléphone</ToFill>.
      </p>
      <h2>Directeur de la publication</h2>
      <p>
        <ToFill>Prénom Nom</ToFill>, en qualité de <ToFill>fonction</ToFill>.
      </p>
      <h2>Hébergement</h2>
      <p>
        <ToFill>Nom de l’hébergeur</ToFill>, <ToFill>adresse de l’hébergeur</ToFill>,{' '}
        <ToFill>téléphone de l’hébergeur</ToFill>. Les données sont hébergées dans l’Union européenne.
      </p>
      <h2>Nature du service</h2>
      <p>
        {productName} est un annuaire en ligne et un outil de prise de rendez-vous. L’éditeur n’est pas un
        cabinet et ne fournit aucun conseil juridique : le rendez-vous est pris directement avec le
        professionnel choisi, seul responsable des prestations qu’il délivre, dans le respect des règles de sa
        profession.
      </p>
      <h2>Propriété intellectuelle</h2>
      <p>
        La structure du site, ses textes, logos et éléments graphiques sont la propriété de l’éditeur ou de
        ses partenaires. Toute reproduction sans autorisation est interdite. Les contenus publiés par les
        professionnels (présentation, photo) restent leur propriété.
      </p>
      <h2>Données personnelles et cookies</h2>
      <p>
        Le traitement de vos données est décrit dans notre{' '}
        <Link to="/politique-de-confidentialite">politique de confidentialité</Link>. L’utilisation du service
        est régie par les <Link to="/cgu">conditions générales d’utilisation</Link>.
      </p>
    </LegalPage>
  );
}
