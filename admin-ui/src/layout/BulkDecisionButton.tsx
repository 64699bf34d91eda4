import { type ReactElement, useState } from 'react';
import { Button, type RaRecord, useListContext, useNotify, useRefresh } from 'react-admin';
import { httpClient } from '../dataProvider';
import { ReasonDialog } from './ReasonDialog';

export interface BulkDecision<R extends RaRecord> {
  label: string;
  icon: ReactElement;
  color?: 'primary' | 'error';
  /** The one-record endpoint, POSTed once per selected record (each write audited as if done one by one). */
  url: (record: R) => string;
  /** Records the decision applies to; the others in the selection are left as they are and counted apart. */
  applies: (record: R) => boolean;
  /** A decision that needs a reason (a refusal, a rejection) asks it once for the whole selection. */
  reason?: { title: string; label: string; missing: string };
  /** "3 avis publiés" */
  done: (count: number) => string;
}

/**
 * A bulk action of a console list: the selected records are decided one after the other through the same endpoint
 * as the record page, so the API's rules, mails and audit are those of a single decision. What could not be decided
 * (already decided, refused by the API) is counted and said, never hidden.
 */
export function BulkDecisionButton<R extends RaRecord>({ decision }: { decision: BulkDecision<R> }) {
  const { selectedIds, data, onUnselectItems } = useListContext<R>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (text?: string) => {
    setBusy(true);
    const selected = (data ?? []).filter((record) => selectedIds.includes(record.id));
    const targets = selected.filter(decision.applies);
    let failed = selected.length - targets.length;
    let succeeded = 0;
    let lastError: string | null = null;
    for (const record of targets) {
      try {
        await httpClient(decision.url(record), {
          method: 'POST',
          body: text === undefined ? undefined : JSON.stringify({ reason: text }),
        });
        succeeded += 1;
      } catch (cause) {
        failed += 1;
        lastError = cause instanceof Error ? cause.message : null;
      }
    }
    setBusy(false);
    setAsking(false);
    onUnselectItems();
    refresh();
    const skipped = failed
      ? ` ; ${failed} non traité${failed > 1 ? 's' : ''}${lastError ? ` (${lastError})` : ''}`
      : '';
    notify(`${decision.done(succeeded)}${skipped}.`, { type: failed ? 'warning' : 'success' });
  };

  return (
    <>
      <Button
        label={decision.label}
        color={decision.color}
        disabled={busy}
        onClick={() => (decision.reason ? setAsking(true) : void run())}
      >
        {decision.icon}
      </Button>
      {decision.reason && (
        <ReasonDialog
          open={asking}
          title={decision.reason.title}
          label={decision.reason.label}
          confirmLabel={decision.label}
          missing={decision.reason.missing}
          hint={`Le même motif vaut pour les ${selectedIds.length} éléments sélectionnés.`}
          onCancel={() => setAsking(false)}
          onConfirm={(reason) => run(reason)}
        />
      )}
    </>
  );
}
