import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PD_LOCALE } from '../../../shared/constants';
import { useSetPersistentData } from '../../api/session';
import { sanitizeGoto } from '../../auth/goto';
import { notifyError } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { isLocale, switchLanguage } from '../../i18n/setup';
import { messageText } from '../../i18n/messages';
import { NotFoundPage } from '../errors/NotFoundPage';

/** Where the language link was clicked; the page returns there. */
export interface LanguageLinkState {
  from?: string;
}

/**
 * `/config/lang/{fi|sv|en}`: switches the user's UI language at once, stores it in
 * the user's persistent data (so it follows them to other devices) and goes back to
 * the page the link was clicked on, or home.
 */
export function LanguagePage() {
  const { locale } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const save = useSetPersistentData();
  const started = useRef(false);
  const valid = isLocale(locale);
  const from = sanitizeGoto((location.state as LanguageLinkState | null)?.from ?? '/');

  useEffect(() => {
    // StrictMode runs effects twice in development; switch once.
    if (!valid || started.current) return;
    started.current = true;
    void switchLanguage(locale);
    save.mutate(
      { key: PD_LOCALE, val: locale },
      { onError: () => notifyError(messageText('server_error')) },
    );
    void navigate(from, { replace: true });
  }, [valid, locale, save, navigate, from]);

  if (!valid) return <NotFoundPage />;
  return <PageLoader label={t('app.loading')} />;
}
