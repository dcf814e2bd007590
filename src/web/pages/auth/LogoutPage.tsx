import { Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../api/session';
import { LOGIN_PATH } from '../../auth/goto';
import { notifySuccess } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AuthFrame } from './AuthFrame';

/** `/@logout`: ends the session on the server, forgets cached data, goes to the login page. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const started = useRef(false);
  useDocumentTitle(t('app.document_title', { page: t('logout.page'), site: t('app.name') }));

  useEffect(() => {
    // StrictMode runs effects twice in development; log out once.
    if (started.current) return;
    started.current = true;
    logout
      .mutateAsync()
      .catch(() => {
        // Already logged out or the server is away: the user still wants to leave.
      })
      .finally(() => {
        queryClient.clear();
        notifySuccess(t('logout.done'));
        void navigate(LOGIN_PATH, { replace: true });
      });
  }, [logout, navigate, queryClient, t]);

  return (
    <AuthFrame>
      <Title order={1} size="h2" mb="md">
        {t('logout.page')}
      </Title>
      <PageLoader label={t('logout.in_progress')} minHeight={120} />
    </AuthFrame>
  );
}
