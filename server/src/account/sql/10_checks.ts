import { listChecks } from '../../db/checks';
import { ACCOUNT_TOKEN_PURPOSES } from '../rules';

export const statements = listChecks([{ table: 'account_tokens', constraint: 'account_tokens_purpose_check', column: 'purpose', values: ACCOUNT_TOKEN_PURPOSES }]);
