import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useUpdreq } from '../../api/updreqsAdmin';
import { isApiError } from '../../api/errors';
import { PATHS } from '../../paths';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { NotFoundContent } from '../errors/NotFoundContent';
import { Composer } from '../announcements/Composer';
import { draftFromReply } from '../announcements/composerModel';
import { BackToUpdreqs } from './UpdreqNewPage';
import { UpdreqSent } from './UpdreqSent';
import { UPDREQ_KIND } from './updreqKind';

/** `/updreqs/{id}`: a draft opens in the composer, anything else shows each recipient's status. */
export function UpdreqPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = /^\d+$/.test(param ?? '') ? Number(param) : null;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('sivu') ?? '1') || 1);
  const query = useUpdreq(id, page - 1);
  const u = query.data;

  const notFound = <NotFoundContent title={t('updreqs.not_found')} backTo={PATHS.updateRequests} backLabel={t('updreqs.back')} />;
  if (id === null) return notFound;
  if (query.isError && !u) {
    if (isApiError(query.error) && query.error.status === 404) return notFound;
    return (
      <>
        <PageHeader title={t('updreqs.page')}>
          <BackToUpdreqs />
        </PageHeader>
        <ErrorBanner error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!u) {
    return (
      <>
        <PageHeader title={t('updreqs.page')} />
        <PageLoader minHeight={240} />
      </>
    );
  }
  if (u.status === 'draft') {
    return (
      <>
        <PageHeader title={t('updreqs.draft_page')}>
          <BackToUpdreqs />
        </PageHeader>
        <Composer key={u.id} id={u.id} initial={draftFromReply(u)} kind={UPDREQ_KIND} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={u.subject.trim() || t('announcements.no_subject')}>
        <BackToUpdreqs />
      </PageHeader>
      <UpdreqSent updreq={u} page={page} onPage={(p) => setParams(p === 1 ? {} : { sivu: String(p) }, { preventScrollReset: true })} error={query.error} />
    </>
  );
}
