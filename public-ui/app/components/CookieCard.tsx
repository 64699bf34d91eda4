import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  COOKIE_CARD_DELAY_MS,
  OPEN_CONSENT_EVENT,
  readConsent,
  saveConsent,
  type ConsentChoice,
} from '../lib/consent';

/**
 * Cookie card (docs/product.md §2/§9): shown 10 s after arrival to a visitor who has not chosen yet.
 * Refusing takes one click and looks exactly like accepting (CNIL guidance).
 */
export function CookieCard() {
  const [open, setOpen] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const reopen = () => setOpen(true);
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    let timer: number | undefined;
    if (readConsent(document.cookie) === null) {
      timer = window.setTimeout(() => setOpen(true), COOKIE_CARD_DELAY_MS);
    }
    return () => {
      window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
      window.clearTimeout(timer);
    };
  }, []);

  if (!open) return null;

  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    setOpen(false);
  };

  return (
    <section className="cookie-card" role="region" aria-labelledby={titleId}>
      <h2 id={titleId} className="cookie-card__title">
        Vos choix en matière de cookies
      </h2>
      <p>
        Nous utilisons des cookies de mesure d’audience pour améliorer le service, uniquement avec votre
        accord. Les cookies nécessaires au fonctionnement du site sont toujours actifs.{' '}
        <Link to="/politique-de-confidentialite">En savoir plus</Link>
      </p>
      <div className="cookie-card__actions">
        <button type="button" className="button button--primary" onClick={() => choose('refused')}>
          Tout refuser
        </button>
        <button type="button" className="button button--primary" onClick={() => choose('accepted')}>
          Tout accepter
        </button>
      </div>
    </section>
  );
}
