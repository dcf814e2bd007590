import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notifySuccess } from '../components/notify';

/**
 * After an online payment the server sends the browser to the item's `goto` with `?payment=ok`
 * (any page: an announcement, the balance's thanks page): say so once and drop the marker, so
 * a reload or the back button does not say it again.
 */
export function PaymentNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('payment') !== 'ok') return;
    params.delete('payment');
    notifySuccess(t('mooney.paid_online_notice'));
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state });
  }, [location, navigate, t]);
  return null;
}
