import type { ReactNode } from 'react';
import type { Field } from '../../../shared/fields/types';
import type { Group } from '../../../shared/schemas/groups';
import { useFields } from '../../api/fields';
import { useGroups } from '../../api/groups';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';

/** Loads what shapes the member form (fields in order, groups) and renders it once both are there. */
export function MemberFormLoader({ children }: { children: (data: { fields: Field[]; groups: Group[] }) => ReactNode }) {
  const fields = useFields();
  const groups = useGroups();
  const failed = fields.isError ? fields : groups.isError ? groups : null;
  if (failed) return <ErrorBanner error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!fields.data || !groups.data) return <PageLoader minHeight={240} />;
  return children({ fields: fields.data, groups: groups.data });
}
