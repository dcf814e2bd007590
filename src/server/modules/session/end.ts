// Ending sessions inside the caller's transaction: a member who is removed, deactivated,
// re-passworded or promoted keeps no session from before the change. The one place other
// modules end sessions through; the SQL is in ./repo.ts.
export { endSessionsOf, endSessionsIn, endSiteAdminSessions } from './repo';
