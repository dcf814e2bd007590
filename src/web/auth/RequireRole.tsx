import type { ReactNode } from 'react';
import { enabledFeatures, type PageFeature } from '../access';
import { useMemberSettings } from '../api/memberSettings';
import { PageLoader } from '../components/PageLoader';
import { FeatureOffPage } from '../pages/errors/FeatureOffPage';
import { ForbiddenPage } from '../pages/errors/ForbiddenPage';
import { hasRole, type Role } from './roles';
import { useCurrentSession } from './SessionContext';

/**
 * Renders the page only for users with `role`; others get the no-access page. A page of a
 * `feature` the association has switched off says so instead (the API refuses it too) —
 * except to site admins: what was sent before the switch (claims waiting for payment) must
 * still be handled, so their pages stay open to them (the menu entry hides all the same).
 */
export function RequireRole({ role, feature, children }: { role: Role; feature?: PageFeature | undefined; children: ReactNode }) {
  const { user } = useCurrentSession();
  if (!hasRole(user, role)) return <ForbiddenPage />;
  return feature && !user.site_admin ? <RequireFeature feature={feature}>{children}</RequireFeature> : children;
}

function RequireFeature({ feature, children }: { feature: PageFeature; children: ReactNode }) {
  const settings = useMemberSettings();
  if (settings.data) return enabledFeatures(settings.data)[feature] ? children : <FeatureOffPage feature={feature} />;
  // Settings that cannot be loaded leave the decision to the page's own API calls.
  return settings.isError ? children : <PageLoader />;
}
