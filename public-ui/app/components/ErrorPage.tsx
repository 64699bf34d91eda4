import { Link } from 'react-router';
import { MESSAGES_FR } from '@rdv/sectors';

/** docs/product.md §2: status code, a title ('Page introuvable' for 404) and a link home; `children` helps further. */
export function ErrorPage({ status, children }: { status: number; children?: React.ReactNode }) {
  const notFound = status === 404;
  return (
    <div className="container error-page">
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1>{notFound ? MESSAGES_FR.notFoundTitle : MESSAGES_FR.errorTitle}</h1>
      <p className="error-page__code">Erreur {status}</p>
      <p>
        {notFound
          ? MESSAGES_FR.notFoundText
          : 'Nous n’avons pas pu afficher cette page. Veuillez réessayer dans quelques instants.'}
      </p>
      {children}
      <p>
        <Link to="/" className="button button--primary">
          {MESSAGES_FR.backHome}
        </Link>
      </p>
    </div>
  );
}

export function errorTitle(status: number): string {
  return status === 404 ? MESSAGES_FR.notFoundTitle : MESSAGES_FR.errorTitle;
}
