// Test data builders: one way to make the members and fields API tests need.
export { makeMember, memberRow, type MemberOverrides } from './member';
export { makeField, type FieldOverrides } from './field';
export { uploadFile } from './upload';
