import { Box, SimpleGrid } from '@mantine/core';
import { hasRole } from '../../auth/roles';
import { useCurrentSession } from '../../auth/SessionContext';
import { PageHeader } from '../../components/PageHeader';
import { DashboardHelp } from './DashboardHelp';
import { dashboardPanels } from './panels';

/** `/`: titled with the association's name (spec §2), panels in a grid of equal-height rows. */
export function DashboardPage() {
  const { user, customer_name } = useCurrentSession();
  const panels = dashboardPanels.filter((panel) => hasRole(user, panel.role));

  return (
    <>
      <PageHeader title={customer_name} documentTitle={customer_name} />
      <DashboardHelp />
      {/* Grid items stretch to the row's height; each panel fills its cell. */}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" style={{ alignItems: 'stretch' }}>
        {panels.map(({ id, component: Panel }) => (
          <Box key={id} h="100%">
            <Panel />
          </Box>
        ))}
      </SimpleGrid>
    </>
  );
}
