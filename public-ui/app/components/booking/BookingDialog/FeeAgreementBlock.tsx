import type { FeeAgreementPreview } from '../booking-client';

/**
 * The fee agreement (convention d'honoraires) of a lawyer's paid motive, filled by the server with both
 * parties, the service and the fee: read in a scrollable block (usable on a phone), accepted by its own
 * checkbox, never the terms of use's.
 */
export function FeeAgreementBlock({
  agreement,
  accepted,
  onAccept,
}: {
  agreement: FeeAgreementPreview;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
}) {
  if (!agreement.required || !agreement.text) return null;
  return (
    <section className="fee-agreement" aria-labelledby="fee-agreement-title">
      <h3 id="fee-agreement-title" className="fee-agreement__title">
        Convention d’honoraires
      </h3>
      <div
        className="fee-agreement__text"
        tabIndex={0}
        role="document"
        aria-label="Texte de la convention d’honoraires"
      >
        {agreement.text}
      </div>
      <label className="choice">
        <input type="checkbox" required checked={accepted} onChange={(e) => onAccept(e.target.checked)} />
        <span className="choice__text">J’ai lu et j’accepte la convention d’honoraires</span>
      </label>
    </section>
  );
}
