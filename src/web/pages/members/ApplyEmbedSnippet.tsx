import { Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { copyableTextProps, CopyRow } from '../../components/CopyControls';
import { PATHS } from '../../paths';
import { embedSnippet } from './applicationFormat';

/**
 * The application form for the association's own website (an embeddable
 * snippet): an iframe of `/@apply?embed=1`, which the server lets other sites frame.
 */
export function ApplyEmbedSnippet() {
  const { t } = useTranslation();
  const snippet = embedSnippet(window.location.origin, PATHS.apply, t('applications.embed_frame_title'));

  return (
    <Stack gap="xs">
      <Textarea
        label={t('applications.embed_label')}
        description={t('applications.embed_help')}
        value={snippet}
        {...copyableTextProps}
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
        data-testid="apply-embed-snippet"
      />
      <CopyRow value={snippet} label={t('applications.embed_copy')} copiedText={t('applications.embed_copied')} />
    </Stack>
  );
}
