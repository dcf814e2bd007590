import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { copyableTextProps, CopyRow } from '../../components/CopyControls';
import { NewTabLink } from '../../components/NewTabLink';
import { PATHS } from '../../paths';
import { ApplyEmbedSnippet } from './ApplyEmbedSnippet';

/**
 * Where applicants find the form: its public address to copy and
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
          {...copyableTextProps}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          maw={560}
          data-testid="apply-form-address"
        />
        <CopyRow value={address} label={t('applications.address_copy')} copiedText={t('applications.address_copied')}>
          <NewTabLink href={PATHS.apply} newTabText={t('applications.new_tab')} data-testid="apply-form-link">
            {t('applications.form_link')}
          </NewTabLink>
        </CopyRow>
      </Stack>
      <ApplyEmbedSnippet />
    </Stack>
  );
}
