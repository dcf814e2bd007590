import type { ComponentType } from 'react';
import type { Role } from '../../auth/roles';
import { MemberStatsPanel } from './MemberStatsPanel';
import { LogDashboardPanel } from '../log/LogDashboardPanel';
import { UpdreqsDashboardPanel } from '../updreqs/UpdreqsDashboardPanel';
import { InvoicesPanel } from './InvoicesPanel';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { MembercardsPanel } from './MembercardsPanel';
import { ExpenseClaimsPanel } from './ExpenseClaimsPanel';
import { BalancePanel } from './BalancePanel';
import { RetentionDashboardPanel } from './RetentionDashboardPanel';

/**
 * Dashboard panels in display order (member stats, invoices, activity log,
 * announcements, update requests, member cards, expense claims, balance). Each feature adds
 * its panel here when it lands. A panel renders nothing when its area is unused or the user
 * cannot open it (it checks canOpen itself), so the grid closes up.
 */
export const dashboardPanels: readonly { id: string; component: ComponentType; role: Role }[] = [
  { id: 'member_stats', component: MemberStatsPanel, role: 'board' },
  { id: 'invoices', component: InvoicesPanel, role: 'admin' },
  { id: 'log', component: LogDashboardPanel, role: 'admin' },
  { id: 'announcements', component: AnnouncementsPanel, role: 'admin' },
  { id: 'updreqs', component: UpdreqsDashboardPanel, role: 'admin' },
  { id: 'membercards', component: MembercardsPanel, role: 'admin' },
  { id: 'expense_claims', component: ExpenseClaimsPanel, role: 'admin' },
  { id: 'balance', component: BalancePanel, role: 'admin' },
  // Retention: what is due (hidden while retention is off and nothing is due).
  { id: 'retention', component: RetentionDashboardPanel, role: 'admin' },
];
