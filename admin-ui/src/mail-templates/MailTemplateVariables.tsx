import { Box, Chip, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { MailTemplateRecord } from './MailTemplateRecord';

/** The variables the API declares for this template (GET /admin/mail-templates/{key}), with their French labels. */
export function MailTemplateVariables() {
  const record = useRecordContext<MailTemplateRecord>();
  if (!record?.variables?.length) return null;
  return (
    <Box component="section" aria-labelledby="mail-template-variables" sx={{ mb: 3 }}>
      <Typography id="mail-template-variables" variant="h6" component="h2" gutterBottom>
        Variables disponibles
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Les variables obligatoires doivent figurer dans le contenu HTML et dans le contenu texte. Conditions :{' '}
        <code>{'{{#if variable}}…{{/if}}'}</code>.
      </Typography>
      <Box component="dl" sx={{ m: 0, maxHeight: 360, overflowY: 'auto' }}>
        {record.variables.map((variable) => (
          <Box key={variable.name} sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
            <Box component="dt" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {`{{${variable.name}}}`}
              {variable.required && <Chip label="obligatoire" size="small" color="primary" sx={{ ml: 1 }} />}
            </Box>
            <Box component="dd" sx={{ m: 0, color: 'text.secondary', fontSize: '0.875rem' }}>
              {variable.label}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
