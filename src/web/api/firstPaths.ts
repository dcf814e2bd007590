// Paths of GETs that a first page has asked for before its own modules have loaded
// (client.ts getEarly, routes.tsx). Kept apart from the API modules that read the replies,
// whose schemas would otherwise come into the entry.

/** Every field in form order, empty headings included (api/fields.ts). */
export const FIELDS_ALL = 'fields/all?all_headings=1';
/** Every group, without member counts (api/groups.ts). */
export const GROUPS_ALL = 'groups/all?get_everyone_group=1';
