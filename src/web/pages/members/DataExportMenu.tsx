import { Button, Popover, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../../shared/constants';
import { useCurrentSession } from '../../auth/SessionContext';

/**
 * "Lataa henkilön tiedot" (GDPR Art. 15) for site admins on a member's pages: the JSON and
 * the PDF of everything the register holds about the member, as plain downloads (cookie
 * session). A disclosure with two links rather than a menu: each choice is a real link.
 */
export function DataExportMenu({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  if (!user.site_admin) return null;
  const href = (format: 'json' | 'pdf') => `${API_BASE}/members/${String(memberId)}/data_export.${format}`;
  return (
    <Popover position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />}>
          {t('data_export.download')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Button component="a" href={href('json')} download variant="subtle" justify="flex-start">
            {t('data_export.json')}
          </Button>
          <Button component="a" href={href('pdf')} download variant="subtle" justify="flex-start">
            {t('data_export.pdf')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
