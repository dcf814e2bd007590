import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage, IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LOCALES, type Locale } from '../../shared/constants';
import type { SessionUser } from '../../shared/schemas/session';
import { LOGOUT_PATH } from '../auth/goto';
import type { LanguageLinkState } from '../pages/settings/LanguagePage';
import { isRegistered } from '../access';
import { languagePath, PATHS } from '../paths';

/** Each language named in itself, so a user who cannot read the current one still finds theirs. */
const LANGUAGE_NAMES: Record<Locale, string> = { fi: 'Suomi', sv: 'Svenska', en: 'English' };

/** Name in the top bar, opening the user's own menu (role, email, "Kirjaudu ulos"). */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const languageState: LanguageLinkState = { from: `${location.pathname}${location.search}` };
  const name = `${user.firstname} ${user.lastname}`.trim() || (user.email ?? '');
  const role = user.site_admin ? t('layout.role_site_admin') : user.board ? t('layout.role_board') : null;

  return (
    // No focus placeholder: it is a role="presentation" child a menu may not own (axe);
    // opening moves focus to the first item instead, as an ARIA menu should.
    <Menu position="bottom-end" shadow="md" width={260} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={t('layout.user_menu', { name })} py={6} px="xs" style={{ borderRadius: 8 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar name={name} color="blue" variant="filled" size="sm" aria-hidden />
            <Text fw={500} visibleFrom="xl" truncate maw={220}>
              {name}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Spans, not paragraphs: a role="menu" may only own menu items (axe aria-required-children). */}
        <Menu.Label>
          <Text component="span" display="block" size="sm" fw={600} c="var(--mantine-color-text)">
            {name}
          </Text>
          {user.email ? (
            <Text component="span" display="block" size="xs">
              {user.email}
            </Text>
          ) : null}
          {role ? (
            <Text component="span" display="block" size="xs">
              {role}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Divider />
        {isRegistered(PATHS.editMeSession) ? (
          <>
            <Menu.Item component={Link} to={PATHS.editMeSession} leftSection={<IconUserEdit size={16} aria-hidden />}>
              {t('layout.own_data')}
            </Menu.Item>
            <Menu.Divider />
          </>
        ) : null}
        {isRegistered(PATHS.language) ? (
          <>
            <Menu.Label>
              <Group component="span" gap={6} wrap="nowrap">
                <IconLanguage size={14} aria-hidden />
                {t('layout.language')}
              </Group>
            </Menu.Label>
            {LOCALES.map((locale) => (
              <Menu.Item
                key={locale}
                component={Link}
                to={languagePath(locale)}
                state={languageState}
                lang={locale}
                aria-current={i18n.language === locale ? 'true' : undefined}
                rightSection={i18n.language === locale ? <IconCheck size={16} aria-hidden /> : null}
              >
                {LANGUAGE_NAMES[locale]}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        ) : null}
        <Menu.Item component={Link} to={LOGOUT_PATH} leftSection={<IconLogout size={16} aria-hidden />}>
          {t('layout.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
