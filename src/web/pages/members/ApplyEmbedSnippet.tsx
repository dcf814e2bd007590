import { Button, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../routes';
import { embedSnippet } from './applicationFormat';

/**
 * The application form for the association's own website (issue 6: "an embeddable
 * snippet"): an iframe of `/@apply?embed=1`, which the server lets other sites frame.
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
        readOnly
        autosize
        minRows={2}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="apply-embed-snippet"
      />
      <CopyButton value={snippet} timeout={3000}>
        {({ copied, copy }) => (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              onClick={copy}
            >
              {t('applications.embed_copy')}
            </Button>
            {/* Announced when the copy succeeds; empty otherwise. */}
            <Text size="sm" role="status" aria-live="polite">
              {copied ? t('applications.embed_copied') : ''}
            </Text>
          </Group>
        )}
      </CopyButton>
    </Stack>
  );
}
