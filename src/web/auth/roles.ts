// Pages follow the shared role ladder (src/shared/members/roles.ts), the same steps the
// server's route guard uses. The server enforces them; the web only hides what the user
// could not open anyway.
export { hasRole } from '../../shared/members/roles';
export type { MemberRole as Role } from '../../shared/members/roles';
