import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../../shared/constants';
import { useCurrentSession } from '../../auth/SessionContext';

/**
 * "Lataa henkilön tiedot" (GDPR Art. 15) for site admins on a member's pages: the JSON and
 * the PDF of everything the register holds about the member, as plain downloads (cookie session).
 */
export function DataExportMenu({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  if (!user.site_admin) return null;
  const href = (format: 'json' | 'pdf') => `${API_BASE}/members/${String(memberId)}/data_export.${format}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} data-testid="data-export-menu">
          {t('data_export.download')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={href('json')} download data-testid="data-export-json">
          {t('data_export.json')}
        </Menu.Item>
        <Menu.Item component="a" href={href('pdf')} download data-testid="data-export-pdf">
          {t('data_export.pdf')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
