import { ActionIcon, Badge, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconKey, IconLogout, IconShieldOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SiteAdmin } from '../../../shared/schemas/security';
import { useClearMfa, useCloseSiteAdminSessions, useSendMfaResetCode } from '../../api/security';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notifySuccess } from '../../components/notify';
import { PATHS } from '../../paths';
import { formatDateTime } from '../members/historyFormat';
import { type AdminAction, adminActions, adminName, effectiveMfaState, MFA_STATE_COLORS, MFA_STATE_LABELS } from './mfaFormat';

interface Target {
  action: AdminAction;
  admin: SiteAdmin;
}

const ACTION_ICONS: Record<AdminAction, ReactNode> = {
  send_reset: <IconKey size={16} aria-hidden />,
  clear: <IconShieldOff size={16} aria-hidden />,
  close_sessions: <IconLogout size={16} aria-hidden />,
  close_own: <IconLogout size={16} aria-hidden />,
};

const ACTION_LABELS = {
  send_reset: 'security.send_reset',
  clear: 'security.clear',
  close_sessions: 'security.close_sessions',
  close_own: 'security.close_own',
} as const satisfies Record<AdminAction, string>;

/**
 * Every site admin with their 2FA state, reset code, last login and open sessions, and
 * per row (after a question): send a reset code, remove 2FA, close sessions.
 */
export function SiteAdminsSection({ admins }: { admins: readonly SiteAdmin[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sendReset = useSendMfaResetCode();
  const clear = useClearMfa();
  const close = useCloseSiteAdminSessions();
  const [target, setTarget] = useState<Target | null>(null);
  const [error, setError] = useState<unknown>(null);
  const klo = t('security.klo');
  const when = (iso: string | null) => (iso ? formatDateTime(iso, klo) : null);

  const open = (action: AdminAction, admin: SiteAdmin) => {
    setError(null);
    setTarget({ action, admin });
  };

  const run = async () => {
    if (!target) return;
    const { action, admin } = target;
    const name = adminName(admin);
    setError(null);
    try {
      if (action === 'send_reset') {
        const reply = await sendReset.mutateAsync(admin.id);
        notifySuccess(t('security.reset_sent', { name, time: when(reply.resetCodeExpireDate) ?? '' }));
      } else if (action === 'clear') {
        await clear.mutateAsync(admin.id);
        notifySuccess(t('security.cleared', { name }));
      } else if (action === 'close_sessions') {
        const reply = await close.mutateAsync(admin.id);
        notifySuccess(t('security.sessions_closed', { count: reply.closed }));
      } else {
        // id 0: my other sessions; this one goes on, to the register root.
        const reply = await close.mutateAsync(0);
        setTarget(null);
        notifySuccess(t('security.own_sessions_closed', { count: reply.closed }));
        void navigate(PATHS.dashboard);
        return;
      }
    } catch (failure) {
      setError(failure);
      return;
    }
    setTarget(null);
  };

  return (
    <Stack gap="md">
      <Text maw={760}>{t('security.admins_intro')}</Text>
      <Table.ScrollContainer minWidth={880}>
        <Table striped verticalSpacing="sm" aria-label={t('security.admins_table')} data-testid="site-admins">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('security.col_name')}</Table.Th>
              <Table.Th scope="col">{t('security.col_email')}</Table.Th>
              <Table.Th scope="col">{t('security.col_mfa')}</Table.Th>
              <Table.Th scope="col">{t('security.col_reset_expiry')}</Table.Th>
              <Table.Th scope="col">{t('security.col_last_login')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('security.col_sessions')}
              </Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('security.col_actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {admins.map((admin) => {
              const name = adminName(admin);
              const state = effectiveMfaState(admin);
              const expiry = state === 'MFA_RESETTING' || state === 'MFA_RESETTING_EXPIRED' ? when(admin.resetCodeExpireDate) : null;
              const lastLogin = when(admin.last_login);
              return (
                <Table.Tr key={admin.id} data-testid="site-admin-row">
                  <Table.Th scope="row" fw={600}>
                    {name}
                    {admin.me ? (
                      <Text span c="dimmed" fw={400}>
                        {' '}
                        {t('security.me')}
                      </Text>
                    ) : null}
                  </Table.Th>
                  <Table.Td>{admin.email ?? ''}</Table.Td>
                  <Table.Td data-testid="site-admin-mfa">
                    <Badge variant="dot" color={MFA_STATE_COLORS[state]} tt="none">
                      {t(MFA_STATE_LABELS[state])}
                    </Badge>
                    {state === 'MFA_RESETTING' && expiry ? (
                      <Text size="sm" mt={4}>
                        {t('security.status_resetting_detail', { time: expiry })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{expiry ?? <Empty label={t('security.no_reset_code')} />}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastLogin ?? t('security.never')}</Table.Td>
                  <Table.Td ta="right" data-testid="site-admin-sessions">
                    {admin.session_count.toLocaleString('fi-FI')}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Menu position="bottom-end" shadow="md" withInitialFocusPlaceholder={false}>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" aria-label={t('security.row_actions', { name })}>
                          <IconDots size={18} aria-hidden />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {adminActions(admin).map((action) => (
                          <Menu.Item
                            key={action}
                            color={action === 'clear' ? 'red' : undefined}
                            leftSection={ACTION_ICONS[action]}
                            onClick={() => open(action, admin)}
                          >
                            {t(ACTION_LABELS[action])}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {target ? (
        <ConfirmModal
          opened
          title={confirmTitle(t, target)}
          confirmLabel={t(CONFIRM_LABELS[target.action])}
          danger={target.action === 'clear'}
          onConfirm={() => void run()}
          onCancel={() => setTarget(null)}
          pending={sendReset.isPending || clear.isPending || close.isPending}
          error={error}
        >
          <Text>{confirmText(t, target)}</Text>
        </ConfirmModal>
      ) : null}
    </Stack>
  );
}

function Empty({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden>–</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}


const CONFIRM_LABELS = {
  send_reset: 'security.send_reset_confirm',
  clear: 'security.clear_confirm',
  close_sessions: 'security.close_sessions_confirm',
  close_own: 'security.close_own_confirm',
} as const satisfies Record<AdminAction, string>;

function confirmTitle(t: TFunction, { action, admin }: Target): string {
  const name = adminName(admin);
  switch (action) {
    case 'send_reset':
      return t('security.send_reset_title', { name });
    case 'clear':
      return t('security.clear_title', { name });
    case 'close_sessions':
      return t('security.close_sessions_title', { name });
    case 'close_own':
      return t('security.close_own_title');
  }
}

function confirmText(t: TFunction, { action, admin }: Target): string {
  const name = adminName(admin);
  switch (action) {
    case 'send_reset':
      return admin.me
        ? t('security.send_reset_text_me', { email: admin.email ?? '' })
        : t('security.send_reset_text', { name, email: admin.email ?? '' });
    case 'clear':
      return t('security.clear_text', { name });
    case 'close_sessions':
      return t('security.close_sessions_text', { name, count: admin.session_count });
    case 'close_own':
      return t('security.close_own_text');
  }
}
