import { Anchor, Button, CopyButton, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../routes';
import { ApplyEmbedSnippet } from './ApplyEmbedSnippet';

/**
 * Where applicants find the form (issue 21 point 7): its public address to copy and
 * share, a link to open it, and the embed code for the association's own website.
 */
export function ApplyFormShare() {
  const { t } = useTranslation();
  const address = `${window.location.origin}${PATHS.apply}`;

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <TextInput
          label={t('applications.form_address')}
          description={t('applications.form_address_help')}
          value={address}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          maw={560}
          data-testid="apply-form-address"
        />
        <CopyButton value={address} timeout={3000}>
          {({ copied, copy }) => (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                onClick={copy}
              >
                {t('applications.address_copy')}
              </Button>
              <Anchor href={PATHS.apply} target="_blank" rel="noopener" fw={600} data-testid="apply-form-link">
                <Group component="span" gap={4} wrap="nowrap">
                  {t('applications.form_link')}
                  <IconExternalLink size={16} aria-hidden />
                  <VisuallyHidden>{t('applications.new_tab')}</VisuallyHidden>
                </Group>
              </Anchor>
              {/* Announced when the copy succeeds; empty otherwise. */}
              <Text size="sm" role="status" aria-live="polite">
                {copied ? t('applications.address_copied') : ''}
              </Text>
            </Group>
          )}
        </CopyButton>
      </Stack>
      <ApplyEmbedSnippet />
    </Stack>
  );
}
