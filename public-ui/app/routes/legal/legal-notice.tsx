import type { Route } from './+types/legal-notice';
import { Link, useLoaderData } from 'react-router';
import { LegalPage, LEGAL_UPDATED, ToFill } from '../../components/LegalPage';
import { loadSiteConfig } from '../../lib/site-config.server';
import { useSector } from '../../lib/root-data';
import { pageMeta } from '../../lib/seo';

/** Fresh on every request: the legal pages show what the administrators saved, at once. */
export async function loader() {
  return { siteConfig: await loadSiteConfig() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Mentions légales',
    description: 'Éditeur, directeur de la publication, hébergeur et contact du service.',
    path: '/mentions-legales',
  });
}

export default function LegalNotice() {
  const { productName, words } = useSector();
  return (
    <LegalPage
      config={useLoaderData<typeof loader>().siteConfig}
      title="Mentions légales"
      updated={LEGAL_UPDATED}
    >
      <p>
        Conformément à l’article 6 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie
        numérique (LCEN), voici l’identité des intervenants du site {productName}.
      </p>
      <h2>Éditeur du site</h2>
      <p>
        <ToFill field="company.name">Raison sociale</ToFill>,{' '}
        <ToFill field="company.legal_form">forme juridique</ToFill> au capital de{' '}
        <ToFill field="company.share_capital">montant</ToFill> €, immatriculée au registre du commerce et des
        sociétés de <ToFill field="company.rcs_city">ville du greffe</ToFill> sous le numéro{' '}
        <ToFill field="company.registration_number">numéro RCS / SIREN</ToFill>.
        <br />
        Siège social : <ToFill field="company.address">adresse postale</ToFill>.
        <br />
        Numéro de TVA intracommunautaire : <ToFill field="company.vat_number">numéro de TVA</ToFill>.
        <br />
        Contact : <ToFill field="contact.email">adresse email de contact</ToFill> –{' '}
        <ToFill field="contact.phone">numéro de téléphone</ToFill>.
      </p>
      <h2>Directeur de la publication</h2>
      <p>
        <ToFill field="company.publication_director">Prénom Nom</ToFill>, en qualité de{' '}
        <ToFill field="company.publication_director_role">fonction</ToFill>.
      </p>
      <h2>Hébergement</h2>
      <p>
        <ToFill field="company.host_name">Nom de l’hébergeur</ToFill>,{' '}
        <ToFill field="company.host_address">adresse de l’hébergeur</ToFill>,{' '}
        <ToFill field="company.host_phone">téléphone de l’hébergeur</ToFill>. Les données sont hébergées dans
        l’Union européenne.
      </p>
      <h2>Nature du service</h2>
      <p>
        {productName} est un annuaire en ligne et un outil de prise de rendez-vous. L’éditeur n’est pas{' '}
        {words.anOffice} et ne fournit lui-même aucune prestation ni aucun conseil : le rendez-vous est pris
        directement avec le professionnel choisi, seul responsable des prestations qu’il délivre, dans le
        respect des règles de sa profession.
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
