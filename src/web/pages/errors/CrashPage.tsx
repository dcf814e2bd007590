import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { FullPageError } from '../../components/FullPageError';

/** Router error boundary: a page that threw while rendering shows the generic error, not a blank screen. */
export function CrashPage() {
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return <FullPageError error={error} onRetry={() => window.location.reload()} />;
}
