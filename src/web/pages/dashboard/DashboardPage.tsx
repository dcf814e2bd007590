import { SimpleGrid } from '@mantine/core';
import { Navigate } from 'react-router';
import { hasRole } from '../../auth/roles';
import { useCurrentSession } from '../../auth/SessionContext';
import { PageHeader } from '../../components/PageHeader';
import { PATHS } from '../../paths';
import { DashboardHelp } from './DashboardHelp';
import { dashboardPanels } from './panels';

/**
 * `/`: titled with the association's name, panels in a grid of equal-height rows.
 * An ordinary member has no register to look at (members reach only the edit-me pages): their
 * home is their own data.
 */
export function DashboardPage() {
  const { user, customer_name } = useCurrentSession();
  if (!hasRole(user, 'board')) return <Navigate to={PATHS.editMeSession} replace />;
  const panels = dashboardPanels.filter((panel) => hasRole(user, panel.role));

  return (
    <>
      <PageHeader title={customer_name} documentTitle={customer_name} />
      <DashboardHelp />
      {/* Grid items stretch to the row's height; each panel is its own grid item (no wrapper), so a
          panel that renders nothing (area unused, or not for this user) leaves no empty cell. */}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" style={{ alignItems: 'stretch' }}>
        {panels.map(({ id, component: Panel }) => (
          <Panel key={id} />
        ))}
      </SimpleGrid>
    </>
  );
}
