import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { filterToParam } from '../../../shared/filter/normalize';
import type { Filter } from '../../../shared/filter/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { filterFromDecodedParam } from './filterModel';
import { membersListPath } from './listPaths';
import { SavedFilterTools } from './SavedFilterTools';
import { type ListModel, useListModel } from './useListModel';

/**
 * A page acting on the members a filter in the address gives (`/members/bulkedit/{filter}`,
 * `/member_export/{filter}`): the title with the way back to that list, a notice when the
 * filter cannot be read, and the page's body once the register's fields are known.
 */
export function FilterPage({ title, badFilter, children }: { title: string; badFilter: string; children: (model: ListModel, filter: Filter) => ReactNode }) {
  const { t } = useTranslation();
  const { filter: param } = useParams();
  const filter = useMemo(() => filterFromDecodedParam(param), [param]);
  const { model, error, retry } = useListModel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A saved filter replaces the filter, the last part of this page's address.
  const pick = (next: Filter) => void navigate(`${pathname.slice(0, pathname.lastIndexOf('/') + 1)}${filterToParam(next)}`);

  return (
    <>
      <PageHeader title={title}>
        <Button component={Link} to={membersListPath(filter ?? [])} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          {t('members.back_to_list')}
        </Button>
      </PageHeader>
      {filter === null ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {badFilter}
        </Alert>
      ) : error ? (
        <ErrorBanner error={error} onRetry={retry} />
      ) : !model ? (
        <PageLoader minHeight={240} />
      ) : (
        <>
          <SavedFilterTools filter={filter} onPick={pick} canEdit={false} />
          {children(model, filter)}
        </>
      )}
    </>
  );
}
