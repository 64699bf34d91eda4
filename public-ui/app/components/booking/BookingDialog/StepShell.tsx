import type { ReactNode } from 'react';
import type { HeadingRef } from './wizard';

export function StepShell({
  headingRef,
  title,
  children,
  onBack,
}: {
  headingRef: HeadingRef;
  title: string;
  children: ReactNode;
  onBack?: () => void;
}) {
  return (
    <section className="bd__step" aria-labelledby="bd-step-title">
      {onBack && (
        <button type="button" className="link-button bd__back" onClick={onBack}>
          <span aria-hidden="true">← </span>Retour
        </button>
      )}
      <h3 id="bd-step-title" className="bd__step-title" tabIndex={-1} ref={headingRef}>
        {title}
      </h3>
      {children}
    </section>
  );
}
