import { useEffect, useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider, MailPreview, MailTemplateDraft } from '../dataProvider';

/** Typing pauses this long before the preview is asked for again. */
export const PREVIEW_DELAY_MS = 400;

type PreviewState =
  | { status: 'loading' }
  | { status: 'ready'; preview: MailPreview }
  | { status: 'invalid'; problems: string[] };

/** The API's French messages: one per faulty field (`body.errors`), or its one message. */
function problemsOf(error: unknown): string[] {
  const fields = (error as { body?: { errors?: Record<string, unknown> } })?.body?.errors;
  if (fields && typeof fields === 'object') {
    const messages = Object.values(fields).filter((value): value is string => typeof value === 'string');
    if (messages.length > 0) return messages;
  }
  return [error instanceof Error ? error.message : 'Aperçu impossible'];
}

/**
 * The template being edited, rendered by the API with sample values (POST /admin/mail-templates/{key}/preview):
 * the subject, the HTML in a sandboxed iframe (no script, no navigation of the console) and the text.
 */
export function MailTemplatePreview({
  templateKey,
  draft,
}: {
  templateKey: string;
  draft: MailTemplateDraft;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  const { subject, html, text } = draft;

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      dataProvider.previewMailTemplate(templateKey, { subject, html, text }).then(
        (preview) => current && setState({ status: 'ready', preview }),
        (error: unknown) => current && setState({ status: 'invalid', problems: problemsOf(error) }),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [dataProvider, templateKey, subject, html, text]);

  return (
    <Box component="section" aria-labelledby="mail-template-preview">
      <Typography id="mail-template-preview" variant="h6" component="h2" gutterBottom>
        Aperçu avec des exemples
      </Typography>
      {state.status === 'loading' && (
        <Typography variant="body2" color="text.secondary">
          Chargement de l’aperçu…
        </Typography>
      )}
      {state.status === 'invalid' && (
        <Alert severity="warning" role="status">
          <Typography variant="body2" component="p" sx={{ mb: 0.5 }}>
            Ce modèle ne peut pas être enregistré :
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {state.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Box>
        </Alert>
      )}
      {state.status === 'ready' && (
        <>
          <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            <strong>Sujet :</strong> <span data-testid="preview-subject">{state.preview.subject}</span>
          </Typography>
          <Box
            component="iframe"
            title="Aperçu HTML du mail"
            sandbox=""
            srcDoc={state.preview.html}
            sx={{
              width: '100%',
              height: 420,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
            }}
          />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Version texte
          </Typography>
          <Box
            component="pre"
            data-testid="preview-text"
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontSize: '0.875rem',
              m: 0,
              p: 1,
              bgcolor: 'action.hover',
            }}
          >
            {state.preview.text}
          </Box>
        </>
      )}
    </Box>
  );
}
