import type { ComponentType } from 'react';
import type { Role } from '../../auth/roles';
import { MemberStatsPanel } from './MemberStatsPanel';
import { LogDashboardPanel } from '../log/LogDashboardPanel';
import { UpdreqsDashboardPanel } from '../updreqs/UpdreqsDashboardPanel';
import { RetentionDashboardPanel } from './RetentionDashboardPanel';

/**
 * Dashboard panels in display order (member stats, invoices, activity log,
 * announcements, update requests, member cards, expense claims). Each feature adds
 * its panel here when it lands.
 */
export const dashboardPanels: readonly { id: string; component: ComponentType; role: Role }[] = [
  { id: 'member_stats', component: MemberStatsPanel, role: 'board' },
  { id: 'log', component: LogDashboardPanel, role: 'admin' },
  { id: 'updreqs', component: UpdreqsDashboardPanel, role: 'admin' },
  // Retention: what is due (hidden while retention is off and nothing is due).
  { id: 'retention', component: RetentionDashboardPanel, role: 'admin' },
];
