import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useAnnouncement } from '../../api/announcements';
import { isApiError } from '../../api/errors';
import { PATHS } from '../../paths';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { NotFoundContent } from '../errors/NotFoundContent';
import { BackToList } from './AnnouncementNewPage';
import { AnnouncementSent } from './AnnouncementSent';
import { Composer } from './Composer';
import { draftFromReply } from './composerModel';

/** `/announcements/{id}`: a draft opens in the composer, anything else shows how its deliveries are doing. */
export function AnnouncementPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = /^\d+$/.test(param ?? '') ? Number(param) : null;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('sivu') ?? '1') || 1);
  const query = useAnnouncement(id, page - 1);
  const a = query.data;

  const notFound = <NotFoundContent title={t('announcements.not_found')} backTo={PATHS.announcements} backLabel={t('announcements.back')} />;
  if (id === null) return notFound;
  if (query.isError && !a) {
    if (isApiError(query.error) && query.error.status === 404) return notFound;
    return (
      <>
        <PageHeader title={t('announcements.page')}>
          <BackToList />
        </PageHeader>
        <ErrorBanner error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!a) {
    return (
      <>
        <PageHeader title={t('announcements.page')} />
        <PageLoader minHeight={240} />
      </>
    );
  }
  if (a.status === 'draft') {
    return (
      <>
        <PageHeader title={t('announcements.draft_page')}>
          <BackToList />
        </PageHeader>
        {/* Keyed by id: another draft starts the composer afresh. */}
        <Composer key={a.id} id={a.id} initial={draftFromReply(a)} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={a.subject.trim() || t('announcements.no_subject')}>
        <BackToList />
      </PageHeader>
      <AnnouncementSent
        announcement={a}
        page={page}
        onPage={(p) => setParams(p === 1 ? {} : { sivu: String(p) }, { preventScrollReset: true })}
        error={query.error}
      />
    </>
  );
}
