import { ROLES } from '../../contract/auth';
import { listChecks } from '../../db/checks';

export const statements = listChecks([{ table: 'users', constraint: 'users_role_check', column: 'role', values: ROLES }]);
