import { PATHS } from '../../routes';

export const memberEditPath = (id: number): string => PATHS.memberEdit.replace(':id', String(id));
