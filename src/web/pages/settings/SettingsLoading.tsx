import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SettingsNav } from './SettingsNav';

/** A settings page while its settings load, or with the banner (and retry) when they cannot. */
export function SettingsLoading({ title, settings }: { title: string; settings: UseQueryResult<unknown> }) {
  return (
    <>
      <PageHeader title={title} />
      <SettingsNav />
      {settings.isError ? <ErrorBanner error={settings.error} onRetry={() => void settings.refetch()} /> : <PageLoader />}
    </>
  );
}
