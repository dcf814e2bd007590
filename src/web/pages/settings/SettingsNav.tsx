import { useTranslation } from 'react-i18next';
import { TabNav } from '../../components/TabNav';
import { PATHS } from '../../paths';

/** Links between the settings pages. */
export function SettingsNav() {
  const { t } = useTranslation();
  const links = [
    { to: PATHS.settings, label: t('settings.nav_organisation') },
    { to: PATHS.settingsEclaim, label: t('settings.nav_eclaim') },
    { to: PATHS.settingsMembercard, label: t('settings.nav_membercard') },
    { to: PATHS.settingsRetention, label: t('retention.nav') },
    { to: PATHS.mandate, label: t('mandate.nav') },
    { to: PATHS.security, label: t('settings.nav_security') },
  ];
  return <TabNav label={t('settings.nav_label')} links={links} />;
}
